CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"line_number" integer NOT NULL,
	"booked_on" date NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"bank_transfer_id" uuid,
	"match_kind" text,
	"matched_by" text,
	"matched_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("bank_statement_lines"."amount" > 0),
	CONSTRAINT "bank_statement_lines_match" CHECK (("bank_statement_lines"."bank_transfer_id" is null) = ("bank_statement_lines"."match_kind" is null)),
	CONSTRAINT "bank_statement_lines_match_kind" CHECK ("bank_statement_lines"."match_kind" is null or match_kind in ('auto', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_mappings" (
	"bank" text PRIMARY KEY NOT NULL,
	"date_column" text NOT NULL,
	"description_column" text NOT NULL,
	"amount_column" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_mappings_bank" CHECK (bank in ('fidelity', 'prudential'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"uploaded_by" text,
	"line_count" integer NOT NULL,
	"imported_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_file_hash_unique" UNIQUE("file_hash"),
	CONSTRAINT "bank_statements_bank" CHECK (bank in ('fidelity', 'prudential'))
);
--> statement-breakpoint
CREATE TABLE "finance_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"assembly" text,
	"previous" jsonb,
	"next" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_audit_action" CHECK (action in ('receive', 'flag', 'match', 'unmatch', 'role_grant', 'role_change', 'role_revoke', 'statement_upload', 'mapping_save'))
);
--> statement-breakpoint
CREATE TABLE "finance_officer_assemblies" (
	"user_id" text NOT NULL,
	"assembly" text NOT NULL,
	CONSTRAINT "finance_officer_assemblies_user_id_assembly_pk" PRIMARY KEY("user_id","assembly")
);
--> statement-breakpoint
CREATE TABLE "finance_officers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"all_assemblies" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"entry_kind" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" text,
	"email" text,
	"confirmed_at" timestamp with time zone NOT NULL,
	"sending_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_entry_kind" CHECK (entry_kind in ('transaction', 'cash', 'bank')),
	CONSTRAINT "receipts_number_positive" CHECK ("receipts"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "received_amount" integer;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_bank_transfer_id_bank_transfers_id_fk" FOREIGN KEY ("bank_transfer_id") REFERENCES "public"."bank_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_officer_assemblies" ADD CONSTRAINT "finance_officer_assemblies_user_id_finance_officers_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."finance_officers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_officer_assemblies" ADD CONSTRAINT "finance_officer_assemblies_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "finance_officers" ADD CONSTRAINT "finance_officers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint_idx" ON "bank_statement_lines" USING btree ("bank","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_transfer_idx" ON "bank_statement_lines" USING btree ("bank_transfer_id") WHERE "bank_statement_lines"."bank_transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line_number");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_unmatched_idx" ON "bank_statement_lines" USING btree ("booked_on") WHERE "bank_statement_lines"."bank_transfer_id" is null;--> statement-breakpoint
CREATE INDEX "bank_statements_created_idx" ON "bank_statements" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "finance_audit_created_idx" ON "finance_audit" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_number_idx" ON "receipts" USING btree ("year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_entry_idx" ON "receipts" USING btree ("entry_kind","entry_id");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id","year");--> statement-breakpoint
CREATE INDEX "receipts_unsent_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."sent_at" is null and "receipts"."email" is not null;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_created_idx" ON "bank_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cash_offerings_created_idx" ON "cash_offerings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_status" CHECK (status in ('pending', 'matched'));--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_matched" CHECK (("bank_transfers"."status" = 'matched') = ("bank_transfers"."matched_at" is not null));--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_status" CHECK (status in ('pending', 'received', 'flagged'));--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_received" CHECK (("cash_offerings"."status" = 'pending') = ("cash_offerings"."received_amount" is null and "cash_offerings"."received_on" is null));--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_received_amount_positive" CHECK ("cash_offerings"."received_amount" is null or "cash_offerings"."received_amount" > 0);--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_received_matches" CHECK ("cash_offerings"."status" <> 'received' or "cash_offerings"."received_amount" = "cash_offerings"."amount");--> statement-breakpoint
-- Written by hand below (drizzle-kit does not generate triggers): what a member recorded
-- and the finance audit trail are never changed, whatever code runs.
CREATE FUNCTION "finance_member_entry_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount IS DISTINCT FROM OLD.amount OR NEW.type IS DISTINCT FROM OLD.type
    OR NEW.other_type IS DISTINCT FROM OLD.other_type OR NEW.first_name IS DISTINCT FROM OLD.first_name
    OR NEW.last_name IS DISTINCT FROM OLD.last_name OR NEW.code IS DISTINCT FROM OLD.code
    OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'what a member recorded is never changed (% %)', TG_TABLE_NAME, OLD.id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cash_offerings_member_entry_unchanged" BEFORE UPDATE ON "cash_offerings"
  FOR EACH ROW EXECUTE FUNCTION "finance_member_entry_unchanged"();
--> statement-breakpoint
CREATE TRIGGER "bank_transfers_member_entry_unchanged" BEFORE UPDATE ON "bank_transfers"
  FOR EACH ROW EXECUTE FUNCTION "finance_member_entry_unchanged"();
--> statement-breakpoint
CREATE FUNCTION "finance_audit_never_edited"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the finance audit trail is never edited or deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER "finance_audit_never_edited" BEFORE UPDATE OR DELETE ON "finance_audit"
  FOR EACH ROW EXECUTE FUNCTION "finance_audit_never_edited"();
--> statement-breakpoint
CREATE TRIGGER "finance_audit_never_truncated" BEFORE TRUNCATE ON "finance_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "finance_audit_never_edited"();
