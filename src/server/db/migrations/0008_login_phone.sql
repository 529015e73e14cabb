ALTER TABLE "users" ADD COLUMN "login_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_phone_idx" ON "users" USING btree ("login_phone");--> statement-breakpoint
-- Written by hand (issue 32): a password set by any path also ends a password-reset code sent
-- by SMS to the member's sign-in phone (the auth library keeps it as the verification row
-- `phone-number-reset-<phone>`), as migration 0006 ends reset links.
CREATE OR REPLACE FUNCTION "password_change_ends_reset_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.password IS DISTINCT FROM OLD.password THEN
    DELETE FROM "auth_verifications"
      WHERE ("value" = NEW.user_id AND "identifier" LIKE 'reset-password:%')
         OR "identifier" = (SELECT 'phone-number-reset-' || "login_phone" FROM "users" WHERE "id" = NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
