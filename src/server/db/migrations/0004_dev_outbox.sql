CREATE TABLE "dev_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_sms_created_idx" ON "dev_sms" USING btree ("created_at" DESC NULLS LAST);