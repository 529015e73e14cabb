CREATE TABLE "pastor_message_hides" (
	"user_id" text NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pastor_message_hides_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "pastor_messages" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "pastor_messages" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "pastor_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pastor_message_hides" ADD CONSTRAINT "pastor_message_hides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pastor_message_hides" ADD CONSTRAINT "pastor_message_hides_message_id_pastor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."pastor_messages"("id") ON DELETE cascade ON UPDATE no action;