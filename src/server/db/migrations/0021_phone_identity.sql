-- A phone is a person only once proven (decision 050). Expand only: a column and data.
-- A phone-first sign-up waits on `pending_phone` (not unique, so a second sign-up for the same
-- number no longer replaces the first); `login_phone` is held only by a proven number.
ALTER TABLE "users" ADD COLUMN "pending_phone" text;--> statement-breakpoint
CREATE INDEX "users_pending_phone_idx" ON "users" USING btree ("pending_phone");--> statement-breakpoint
UPDATE "users" SET "pending_phone" = "login_phone", "login_phone" = NULL
  WHERE "login_phone" IS NOT NULL AND NOT "phone_verified";--> statement-breakpoint
-- '+2330…' (Ghana's trunk 0 kept after the country code) is '+233…': one handset, one number.
-- Where both forms were proven, the E.164 one keeps it and the other form's account loses it.
UPDATE "users" u SET "login_phone" = NULL, "phone_verified" = false
  WHERE u."login_phone" ~ '^\+2330\d{8,9}$'
    AND EXISTS (SELECT 1 FROM "users" o
                WHERE o."login_phone" = regexp_replace(u."login_phone", '^\+2330', '+233'));--> statement-breakpoint
UPDATE "users" SET "login_phone" = regexp_replace("login_phone", '^\+2330', '+233')
  WHERE "login_phone" ~ '^\+2330\d{8,9}$';--> statement-breakpoint
UPDATE "users" SET "phone_number" = regexp_replace("phone_number", '^\+2330', '+233')
  WHERE "phone_number" ~ '^\+2330\d{8,9}$';--> statement-breakpoint
UPDATE "users" SET "pending_phone" = regexp_replace("pending_phone", '^\+2330', '+233')
  WHERE "pending_phone" ~ '^\+2330\d{8,9}$';--> statement-breakpoint
UPDATE "child_checkins" SET "guardian_phone" = regexp_replace("guardian_phone", '^\+2330', '+233')
  WHERE "guardian_phone" ~ '^\+2330\d{8,9}$';--> statement-breakpoint
UPDATE "receipts" SET "phone" = regexp_replace("phone", '^\+2330', '+233')
  WHERE "phone" ~ '^\+2330\d{8,9}$';
