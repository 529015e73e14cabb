-- Who is sending a notice's channel now (decision 041): claimed before the send, the sent
-- column set after it, so a crash between the two leaves it to be sent again. Expand only.
ALTER TABLE "notifications" ADD COLUMN "email_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sms_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_claimed_at" timestamp with time zone;