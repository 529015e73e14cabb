CREATE TABLE "checkin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"assembly" text,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"code" text NOT NULL,
	"secret" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_sessions_window" CHECK ("checkin_sessions"."closes_at" > "checkin_sessions"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "checkin_ushers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_session_id_user_id_pk" PRIMARY KEY("session_id","user_id"),
	CONSTRAINT "checkins_method" CHECK (method in ('qr', 'code', 'usher', 'ussd'))
);
--> statement-breakpoint
CREATE TABLE "child_checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"child_name" text NOT NULL,
	"guardian_phone" text NOT NULL,
	"guardian_user_id" text,
	"pickup_code" text NOT NULL,
	"checked_in_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_by" text,
	"checked_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkin_sessions" ADD CONSTRAINT "checkin_sessions_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "checkin_sessions" ADD CONSTRAINT "checkin_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_ushers" ADD CONSTRAINT "checkin_ushers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_ushers" ADD CONSTRAINT "checkin_ushers_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_session_id_checkin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkin_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checkins" ADD CONSTRAINT "child_checkins_session_id_checkin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkin_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checkins" ADD CONSTRAINT "child_checkins_guardian_user_id_users_id_fk" FOREIGN KEY ("guardian_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checkins" ADD CONSTRAINT "child_checkins_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checkins" ADD CONSTRAINT "child_checkins_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_sessions_code_idx" ON "checkin_sessions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "checkin_sessions_opens_idx" ON "checkin_sessions" USING btree ("opens_at");--> statement-breakpoint
CREATE UNIQUE INDEX "child_checkins_pickup_idx" ON "child_checkins" USING btree ("session_id","pickup_code") WHERE "child_checkins"."checked_out_at" is null;--> statement-breakpoint
CREATE INDEX "child_checkins_guardian_idx" ON "child_checkins" USING btree ("guardian_user_id");