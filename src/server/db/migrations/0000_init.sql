CREATE TYPE "public"."gender_identity" AS ENUM('woman', 'non-binary');--> statement-breakpoint
CREATE TYPE "public"."sexual_orientation" AS ENUM('lesbian', 'bisexual', 'pansexual');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('member', 'moderator');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"age" integer NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"gender_identity" "gender_identity" NOT NULL,
	"sexual_orientation" "sexual_orientation" NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"tea_interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"email" text,
	"job" text,
	"education" text,
	"height_cm" integer,
	"pronouns" text,
	"relationship_goals" text,
	"love_language" text,
	"lifestyle" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ghost_mode" boolean DEFAULT false NOT NULL,
	"premium_until" timestamp with time zone,
	"is_verified" boolean DEFAULT false NOT NULL,
	"phone_number" text,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"role" "user_role" DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"large_key" text NOT NULL,
	"small_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_location_idx" ON "users" USING btree ("location");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photos_user_id_position_idx" ON "photos" USING btree ("user_id","position");