CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "assemblies" (
	"slug" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"assembly" text NOT NULL,
	"type" text NOT NULL,
	"other_type" text,
	"amount" integer NOT NULL,
	"bank" text NOT NULL,
	"code" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_amount_positive" CHECK ("bank_transfers"."amount" > 0),
	CONSTRAINT "bank_transfers_bank" CHECK (bank in ('fidelity', 'prudential')),
	CONSTRAINT "bank_transfers_code_format" CHECK ("bank_transfers"."code" is null or "bank_transfers"."code" ~ '^BT-[0-9]{5}$'),
	CONSTRAINT "bank_transfers_code_tithe" CHECK (("bank_transfers"."code" is null) = ("bank_transfers"."type" <> 'tithe')),
	CONSTRAINT "bank_transfers_type" CHECK (type in ('tithe', 'offering', 'seed', 'pledge', 'missions', 'building_project', 'welfare', 'other'))
);
--> statement-breakpoint
CREATE TABLE "cash_offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"assembly" text NOT NULL,
	"type" text NOT NULL,
	"other_type" text,
	"amount" integer NOT NULL,
	"code" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_reason" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_offerings_amount_positive" CHECK ("cash_offerings"."amount" > 0),
	CONSTRAINT "cash_offerings_code_format" CHECK ("cash_offerings"."code" ~ '^[0-9]{6}$'),
	CONSTRAINT "cash_offerings_deleted_reason" CHECK ("cash_offerings"."deleted_reason" is null or deleted_reason in ('Mistaken amount or details', 'Other reason')),
	CONSTRAINT "cash_offerings_type" CHECK (type in ('tithe', 'offering', 'seed', 'pledge', 'missions', 'building_project', 'welfare', 'other')),
	CONSTRAINT "cash_offerings_tithe_only" CHECK ("cash_offerings"."type" = 'tithe')
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devotional_days" (
	"week_id" integer NOT NULL,
	"day" integer NOT NULL,
	"title" text NOT NULL,
	"document_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devotional_days_week_id_day_pk" PRIMARY KEY("week_id","day"),
	CONSTRAINT "devotional_days_day_positive" CHECK ("devotional_days"."day" > 0),
	CONSTRAINT "devotional_days_url_https" CHECK ("devotional_days"."document_url" is null or "devotional_days"."document_url" ~ '^https://')
);
--> statement-breakpoint
CREATE TABLE "devotional_weeks" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devotional_weeks_id_positive" CHECK ("devotional_weeks"."id" > 0)
);
--> statement-breakpoint
CREATE TABLE "pastor_hidden_chats" (
	"user_id" text NOT NULL,
	"peer_id" text NOT NULL,
	"hidden_before" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pastor_hidden_chats_user_id_peer_id_pk" PRIMARY KEY("user_id","peer_id")
);
--> statement-breakpoint
CREATE TABLE "pastor_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"message" text NOT NULL,
	"is_file" boolean DEFAULT false NOT NULL,
	"file_name" text,
	"edited" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pastor_messages_not_self" CHECK ("pastor_messages"."sender_id" <> "pastor_messages"."receiver_id"),
	CONSTRAINT "pastor_messages_file_name" CHECK (("pastor_messages"."file_name" is not null) = "pastor_messages"."is_file")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sermons" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"video_id" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sermons_id_format" CHECK ("sermons"."id" ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
	CONSTRAINT "sermons_video_id_format" CHECK ("sermons"."video_id" ~ '^[A-Za-z0-9_-]{11}$'),
	CONSTRAINT "sermons_title_length" CHECK (char_length("sermons"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"issue" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"reference" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"other_type" text,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"assembly" text NOT NULL,
	"email" text,
	"phone" text,
	"network" text,
	"provider_response" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount" > 0),
	CONSTRAINT "transactions_currency" CHECK ("transactions"."currency" = 'GHS'),
	CONSTRAINT "transactions_method" CHECK (method in ('card', 'momo')),
	CONSTRAINT "transactions_provider" CHECK (provider in ('paystack', 'moolre', 'sandbox')),
	CONSTRAINT "transactions_status" CHECK (status in ('pending', 'success', 'failed', 'abandoned')),
	CONSTRAINT "transactions_network" CHECK ("transactions"."network" is null or network in ('MTN', 'Telecel', 'AT')),
	CONSTRAINT "transactions_type" CHECK (type in ('tithe', 'offering', 'seed', 'pledge', 'missions', 'building_project', 'welfare', 'other'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"phone_number" text,
	"assembly_name" text,
	"location" text,
	"date_of_birth" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"form_data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pastor_type" text,
	"appointment_letter_url" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_applications_role" CHECK (role in ('reverend_minister', 'pastor', 'elder', 'campus_pastor', 'cell_leader')),
	CONSTRAINT "worker_applications_status" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "worker_applications_pastor_type" CHECK ("worker_applications"."pastor_type" is null or pastor_type in ('lay', 'full', 'full-time'))
);
--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "devotional_days" ADD CONSTRAINT "devotional_days_week_id_devotional_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."devotional_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pastor_hidden_chats" ADD CONSTRAINT "pastor_hidden_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pastor_hidden_chats" ADD CONSTRAINT "pastor_hidden_chats_peer_id_users_id_fk" FOREIGN KEY ("peer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pastor_messages" ADD CONSTRAINT "pastor_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pastor_messages" ADD CONSTRAINT "pastor_messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_assembly_name_assemblies_slug_fk" FOREIGN KEY ("assembly_name") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "worker_applications" ADD CONSTRAINT "worker_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_applications" ADD CONSTRAINT "worker_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_accounts_user_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_open_code_idx" ON "bank_transfers" USING btree ("code") WHERE not "bank_transfers"."deleted" and "bank_transfers"."code" is not null;--> statement-breakpoint
CREATE INDEX "bank_transfers_user_created_idx" ON "bank_transfers" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "cash_offerings_open_code_idx" ON "cash_offerings" USING btree ("code") WHERE not "cash_offerings"."deleted";--> statement-breakpoint
CREATE INDEX "cash_offerings_user_created_idx" ON "cash_offerings" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dev_mails_created_idx" ON "dev_mails" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pastor_messages_sender_created_idx" ON "pastor_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "pastor_messages_receiver_created_idx" ON "pastor_messages" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "sermons_position_idx" ON "sermons" USING btree ("position");--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_pending_idx" ON "transactions" USING btree ("created_at") WHERE "transactions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "worker_applications_user_created_idx" ON "worker_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_applications_role_status_idx" ON "worker_applications" USING btree ("role","status");--> statement-breakpoint
CREATE INDEX "worker_applications_created_idx" ON "worker_applications" USING btree ("created_at" DESC NULLS LAST);