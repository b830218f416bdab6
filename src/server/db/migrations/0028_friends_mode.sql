CREATE TABLE "friends_filters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"max_distance" integer NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "matches_pair_key";--> statement-breakpoint
DROP INDEX "swipes_user_target_key";--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "mode" text DEFAULT 'dating' NOT NULL;--> statement-breakpoint
ALTER TABLE "swipes" ADD COLUMN "mode" text DEFAULT 'dating' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "looking_for" text DEFAULT 'dating' NOT NULL;--> statement-breakpoint
ALTER TABLE "friends_filters" ADD CONSTRAINT "friends_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_pair_mode_key" ON "matches" USING btree ("user_a","user_b","mode");--> statement-breakpoint
CREATE UNIQUE INDEX "swipes_user_target_mode_key" ON "swipes" USING btree ("user_id","target_user_id","mode");--> statement-breakpoint
CREATE INDEX "user_preferences_friends_only_idx" ON "user_preferences" USING btree ("user_id") WHERE "user_preferences"."looking_for" = 'friends';--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_mode_known" CHECK ("matches"."mode" in ('dating', 'friends'));--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_mode_known" CHECK ("swipes"."mode" in ('dating', 'friends'));--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_looking_for_known" CHECK ("user_preferences"."looking_for" in ('dating', 'friends', 'both'));