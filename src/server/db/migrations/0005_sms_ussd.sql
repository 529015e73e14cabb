CREATE TABLE "dev_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"state" jsonb NOT NULL,
	"inputs" integer DEFAULT 0 NOT NULL,
	"screen" text NOT NULL,
	"ended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "sms_sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "sms_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receipt_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
CREATE INDEX "dev_sms_created_idx" ON "dev_sms" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ussd_sessions_updated_idx" ON "ussd_sessions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "receipts_sms_unsent_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."sms_sent_at" is null and "receipts"."phone" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_receipt_channel" CHECK (receipt_channel in ('email', 'sms', 'both'));