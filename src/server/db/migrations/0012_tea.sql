CREATE TABLE "tea_daily_quota" (
	"tag" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tea_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tea_review_likes" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tea_review_likes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tea_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tea_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tea_reviews_rating_range" CHECK ("tea_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "tea_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tea_stories_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_tag" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"about_name" text,
	"tea_type" text,
	"category" text NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"posted_despite_nudge" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tea_supports" (
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tea_supports_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tea_reports" ADD CONSTRAINT "tea_reports_story_id_tea_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."tea_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_reports" ADD CONSTRAINT "tea_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_review_likes" ADD CONSTRAINT "tea_review_likes_review_id_tea_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."tea_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_review_likes" ADD CONSTRAINT "tea_review_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_reviews" ADD CONSTRAINT "tea_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_supports" ADD CONSTRAINT "tea_supports_story_id_tea_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."tea_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_supports" ADD CONSTRAINT "tea_supports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tea_reports_story_reporter_key" ON "tea_reports" USING btree ("story_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tea_reviews_user_tea_key" ON "tea_reviews" USING btree ("user_id","tea_id");--> statement-breakpoint
CREATE INDEX "tea_reviews_tea_idx" ON "tea_reviews" USING btree ("tea_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tea_stories_seq_key" ON "tea_stories" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "tea_stories_status_seq_idx" ON "tea_stories" USING btree ("status","seq");--> statement-breakpoint
CREATE INDEX "tea_stories_category_seq_idx" ON "tea_stories" USING btree ("category","seq");--> statement-breakpoint
CREATE INDEX "tea_supports_user_idx" ON "tea_supports" USING btree ("user_id");