CREATE TABLE "tea_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tea_replies_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"story_id" uuid NOT NULL,
	"replier_tag" text NOT NULL,
	"by_author" boolean DEFAULT false NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"posted_despite_nudge" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tea_reply_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reply_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tea_replies" ADD CONSTRAINT "tea_replies_story_id_tea_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."tea_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_reply_reports" ADD CONSTRAINT "tea_reply_reports_reply_id_tea_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."tea_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_reply_reports" ADD CONSTRAINT "tea_reply_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tea_replies_seq_key" ON "tea_replies" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "tea_replies_story_seq_idx" ON "tea_replies" USING btree ("story_id","seq");--> statement-breakpoint
CREATE INDEX "tea_replies_tag_idx" ON "tea_replies" USING btree ("replier_tag");--> statement-breakpoint
CREATE UNIQUE INDEX "tea_reply_reports_reply_reporter_key" ON "tea_reply_reports" USING btree ("reply_id","reporter_id");