-- Written by hand (drizzle-kit does not generate triggers). Issue 31: a password set by any
-- path (a reset link, the profile, a script) ends every reset link still outstanding for the
-- member. The auth library keeps a reset link as a verification row
-- `reset-password:<token>` whose value is the member's id; it only consumes the one used.
-- (Confirmation links are signed tokens kept nowhere, and never sign anyone in.)
CREATE FUNCTION "password_change_ends_reset_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.password IS DISTINCT FROM OLD.password THEN
    DELETE FROM "auth_verifications"
      WHERE "value" = NEW.user_id AND "identifier" LIKE 'reset-password:%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "password_change_ends_reset_links" AFTER INSERT OR UPDATE OF "password" ON "auth_accounts"
  FOR EACH ROW WHEN (NEW.password IS NOT NULL) EXECUTE FUNCTION "password_change_ends_reset_links"();
