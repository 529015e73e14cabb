CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"assembly" text,
	"target" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_type" CHECK (type in ('tithe', 'offering', 'seed', 'pledge', 'missions', 'building_project', 'welfare', 'other')),
	CONSTRAINT "campaigns_target_positive" CHECK ("campaigns"."target" > 0),
	CONSTRAINT "campaigns_dates" CHECK ("campaigns"."ends_on" >= "campaigns"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "pledge_gifts" (
	"gift_kind" text NOT NULL,
	"gift_id" uuid NOT NULL,
	"pledge_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_gifts_gift_kind_gift_id_pk" PRIMARY KEY("gift_kind","gift_id"),
	CONSTRAINT "pledge_gifts_kind" CHECK (gift_kind in ('transaction', 'cash', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "pledge_reminders" (
	"pledge_id" uuid NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_reminders_pledge_id_period_pk" PRIMARY KEY("pledge_id","period")
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"campaign_id" uuid,
	"assembly" text,
	"amount" integer NOT NULL,
	"due_on" date NOT NULL,
	"rhythm" text DEFAULT 'monthly' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_type" CHECK (type in ('tithe', 'offering', 'seed', 'pledge', 'missions', 'building_project', 'welfare', 'other')),
	CONSTRAINT "pledges_amount_positive" CHECK ("pledges"."amount" > 0),
	CONSTRAINT "pledges_rhythm" CHECK (rhythm in ('none', 'weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_gifts" ADD CONSTRAINT "pledge_gifts_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_reminders" ADD CONSTRAINT "pledge_reminders_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_assembly_assemblies_slug_fk" FOREIGN KEY ("assembly") REFERENCES "public"."assemblies"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "pledge_gifts_pledge_idx" ON "pledge_gifts" USING btree ("pledge_id");--> statement-breakpoint
CREATE INDEX "pledges_user_idx" ON "pledges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pledges_campaign_idx" ON "pledges" USING btree ("campaign_id") WHERE "pledges"."campaign_id" is not null;