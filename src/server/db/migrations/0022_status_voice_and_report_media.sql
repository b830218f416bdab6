ALTER TABLE "statuses" ADD COLUMN "voice_key" text;--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "voice_content_type" text;--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "voice_bytes" integer;--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "voice_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "voice_waveform" smallint[];--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "message_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "media_key" text;--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "media_content_type" text;--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "media_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "media_waveform" smallint[];--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "media_view_once" boolean DEFAULT false NOT NULL;