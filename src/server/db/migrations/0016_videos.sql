CREATE TABLE "video_playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_playlists_title_length" CHECK (char_length("video_playlists"."title") between 1 and 200),
	CONSTRAINT "video_playlists_description_length" CHECK (char_length("video_playlists"."description") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"title" text NOT NULL,
	"video_id" text NOT NULL,
	"position" integer NOT NULL,
	"speaker" text,
	"recorded_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_video_id_format" CHECK ("videos"."video_id" ~ '^[A-Za-z0-9_-]{11}$'),
	CONSTRAINT "videos_title_length" CHECK (char_length("videos"."title") between 1 and 200),
	CONSTRAINT "videos_speaker_length" CHECK (char_length("videos"."speaker") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_playlist_id_video_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."video_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_playlists_position_idx" ON "video_playlists" USING btree ("position");--> statement-breakpoint
CREATE INDEX "videos_playlist_position_idx" ON "videos" USING btree ("playlist_id","position");