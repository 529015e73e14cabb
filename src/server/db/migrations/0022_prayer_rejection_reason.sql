-- Why a moderator rejected a prayer request, shown to its author; a rejection can be undone
-- (issue 48). Expand only: a nullable column.
ALTER TABLE "prayer_requests" ADD COLUMN "rejection_reason" text;
