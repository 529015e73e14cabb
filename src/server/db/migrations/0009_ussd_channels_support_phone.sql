ALTER TABLE "support_requests" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "channel" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "channel" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "channel" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_channel" CHECK (channel in ('app', 'ussd'));--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD CONSTRAINT "cash_offerings_channel" CHECK (channel in ('app', 'ussd'));--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_contact" CHECK ("support_requests"."email" is not null or "support_requests"."phone" is not null);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_channel" CHECK (channel in ('app', 'ussd'));