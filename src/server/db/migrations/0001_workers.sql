CREATE TABLE "application_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"decided_by" text,
	"decided_by_email" text NOT NULL,
	"previous_status" text NOT NULL,
	"status" text NOT NULL,
	"pastor_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_decisions_status" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "application_decisions_previous" CHECK (previous_status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "application_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "application_files_kind" CHECK (kind in ('passport_photo', 'signature'))
);
--> statement-breakpoint
CREATE TABLE "workers_gate_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_application_id_worker_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."worker_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_id_worker_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."worker_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers_gate_grants" ADD CONSTRAINT "workers_gate_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_decisions_application_idx" ON "application_decisions" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_files_user_idx" ON "application_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "workers_gate_grants_user_idx" ON "workers_gate_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_applications_one_pending_idx" ON "worker_applications" USING btree ("user_id") WHERE "worker_applications"."status" = 'pending';