CREATE TABLE "dev_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "sms_sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "sms_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receipt_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
CREATE INDEX "dev_sms_created_idx" ON "dev_sms" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_sms_unsent_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."sms_sent_at" is null and "receipts"."phone" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_receipt_channel" CHECK (receipt_channel in ('email', 'sms', 'both'));