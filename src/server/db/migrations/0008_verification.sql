CREATE TYPE "public"."verification_status" AS ENUM('not_started', 'pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TABLE "photo_analyses" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sharpness" double precision NOT NULL,
	"brightness" double precision NOT NULL,
	"quality_score" integer NOT NULL,
	"quality_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"face_count" integer,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_selfies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pose" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_selfies_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" "verification_status" DEFAULT 'not_started' NOT NULL,
	"notes" text,
	"pose" text,
	"retry_after" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"instagram_handle" text,
	"tiktok_handle" text,
	"twitter_handle" text,
	"show_social_handles" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "photo_analyses" ADD CONSTRAINT "photo_analyses_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_analyses" ADD CONSTRAINT "photo_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_selfies" ADD CONSTRAINT "verification_selfies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_selfies_created_at_idx" ON "verification_selfies" USING btree ("created_at");