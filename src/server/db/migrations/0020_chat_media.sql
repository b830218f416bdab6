CREATE TABLE "chat_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid,
	"uploader_id" uuid,
	"message_id" uuid,
	"kind" text NOT NULL,
	"storage_key" text,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"waveform" smallint[],
	"placeholder" text,
	"view_once" boolean DEFAULT false NOT NULL,
	"explicit" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"played_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_media" ADD CONSTRAINT "chat_media_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_media" ADD CONSTRAINT "chat_media_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_media" ADD CONSTRAINT "chat_media_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_media_message_key" ON "chat_media" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_media_match_created_idx" ON "chat_media" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_media_uploader_idx" ON "chat_media" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "chat_media_orphan_idx" ON "chat_media" USING btree ("created_at") WHERE "chat_media"."message_id" is null or "chat_media"."match_id" is null or "chat_media"."uploader_id" is null;