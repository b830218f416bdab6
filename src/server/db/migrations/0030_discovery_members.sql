CREATE TABLE "discovery_members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"age" integer NOT NULL,
	"location" text NOT NULL,
	"interests" text[] NOT NULL,
	"tea_interests" text[] NOT NULL,
	"job" text,
	"lifestyle" jsonb NOT NULL,
	"relationship_goals" text,
	"is_verified" boolean NOT NULL,
	"ghost_mode" boolean NOT NULL,
	"suspended_until" timestamp with time zone,
	"premium_until" timestamp with time zone,
	"boosted_until" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	"bio_length" integer NOT NULL,
	"prompt_count" integer NOT NULL,
	"saved_min_age" integer,
	"saved_max_age" integer
);
--> statement-breakpoint
-- Every existing member, copied once (before the indexes, which is faster at scale). From here on core
-- writes her row in the same statement as the member row (src/server/core/discovery-members.ts).
INSERT INTO "discovery_members" ("id", "age", "location", "interests", "tea_interests", "job", "lifestyle",
  "relationship_goals", "is_verified", "ghost_mode", "suspended_until", "premium_until", "boosted_until",
  "last_active_at", "bio_length", "prompt_count", "saved_min_age", "saved_max_age")
SELECT u."id", u."age", u."location", u."interests", u."tea_interests", u."job", u."lifestyle",
  u."relationship_goals", u."is_verified", u."ghost_mode", u."suspended_until", u."premium_until",
  u."boosted_until", u."last_active_at", char_length(btrim(u."bio", E' \t\n\r')),
  jsonb_array_length(u."prompts"), f."min_age", f."max_age"
FROM "users" u LEFT JOIN "discovery_filters" f ON f."user_id" = u."id";
--> statement-breakpoint
DROP INDEX "users_discovery_city_recency_idx";--> statement-breakpoint
DROP INDEX "users_discovery_recency_idx";--> statement-breakpoint
DROP INDEX "users_boosted_until_idx";--> statement-breakpoint
ALTER TABLE "discovery_members" ADD CONSTRAINT "discovery_members_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discovery_members_city_recency_idx" ON "discovery_members" USING btree ("location","last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "discovery_members"."ghost_mode";--> statement-breakpoint
CREATE INDEX "discovery_members_recency_idx" ON "discovery_members" USING btree ("last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST,"location") WHERE not "discovery_members"."ghost_mode";--> statement-breakpoint
CREATE INDEX "discovery_members_boosted_until_idx" ON "discovery_members" USING btree ("boosted_until") WHERE "discovery_members"."boosted_until" is not null;