ALTER TABLE "bank_transfers" ADD COLUMN "guest_id" text;--> statement-breakpoint
ALTER TABLE "cash_offerings" ADD COLUMN "guest_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "guest_id" text;--> statement-breakpoint
CREATE INDEX "bank_transfers_guest_created_idx" ON "bank_transfers" USING btree ("guest_id","created_at" DESC NULLS LAST) WHERE "bank_transfers"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "cash_offerings_guest_created_idx" ON "cash_offerings" USING btree ("guest_id","created_at" DESC NULLS LAST) WHERE "cash_offerings"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_guest_created_idx" ON "transactions" USING btree ("guest_id","created_at" DESC NULLS LAST) WHERE "transactions"."guest_id" is not null;