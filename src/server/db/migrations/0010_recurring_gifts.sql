CREATE TABLE "giving_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"other_type" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"assembly" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"frequency" text NOT NULL,
	"day" integer NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date,
	"status" text NOT NULL,
	"next_due_on" date,
	"phone" text,
	"network" text,
	"on_due" text,
	"email" text,
	"plan_code" text,
	"subscription_code" text,
	"email_token" text,
	"card_failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_schedules_plan_code_unique" UNIQUE("plan_code"),
	CONSTRAINT "giving_schedules_subscription_code_unique" UNIQUE("subscription_code"),
	CONSTRAINT "giving_schedules_amount_positive" CHECK ("giving_schedules"."amount" > 0),
	CONSTRAINT "giving_schedules_method" CHECK (method in ('card', 'momo')),
	CONSTRAINT "giving_schedules_frequency" CHECK (frequency in ('weekly', 'monthly')),
	CONSTRAINT "giving_schedules_status" CHECK (status in ('setting_up', 'active', 'paused', 'stopped', 'ended')),
	CONSTRAINT "giving_schedules_day" CHECK (("giving_schedules"."frequency" = 'weekly' and "giving_schedules"."day" between 0 and 6) or ("giving_schedules"."frequency" = 'monthly' and "giving_schedules"."day" between 1 and 28)),
	CONSTRAINT "giving_schedules_momo" CHECK ("giving_schedules"."method" <> 'momo' or ("giving_schedules"."phone" is not null and "giving_schedules"."network" is not null and on_due in ('prompt', 'reminder'))),
	CONSTRAINT "giving_schedules_card" CHECK ("giving_schedules"."method" <> 'card' or "giving_schedules"."email" is not null),
	CONSTRAINT "giving_schedules_type" CHECK (type in ('tithe', 'offering', 'seed', 'pledge', 'missions', 'building_project', 'welfare', 'other'))
);
--> statement-breakpoint
CREATE TABLE "paystack_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_occurrences" (
	"schedule_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"outcome" text NOT NULL,
	"reference" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_occurrences_schedule_id_due_on_pk" PRIMARY KEY("schedule_id","due_on"),
	CONSTRAINT "schedule_occurrences_outcome" CHECK (outcome in ('prompted', 'reminded', 'missed', 'charged'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "giving_schedules" ADD CONSTRAINT "giving_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_schedules" ADD CONSTRAINT "giving_schedules_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_schedule_id_giving_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."giving_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giving_schedules_user_idx" ON "giving_schedules" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scheduled_jobs_due_idx" ON "scheduled_jobs" USING btree ("run_at") WHERE "scheduled_jobs"."done_at" is null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_schedule_id_giving_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."giving_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_schedule_idx" ON "transactions" USING btree ("schedule_id") WHERE "transactions"."schedule_id" is not null;