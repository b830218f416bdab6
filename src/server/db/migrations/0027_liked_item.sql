ALTER TABLE "swipes" ADD COLUMN "liked_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "swipes" ADD COLUMN "liked_prompt_id" text;--> statement-breakpoint
ALTER TABLE "swipes" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_liked_photo_id_photos_id_fk" FOREIGN KEY ("liked_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swipes_liked_photo_idx" ON "swipes" USING btree ("liked_photo_id") WHERE "swipes"."liked_photo_id" is not null;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_one_liked_item" CHECK (num_nonnulls("swipes"."liked_photo_id", "swipes"."liked_prompt_id") <= 1);--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_item_and_comment_on_likes" CHECK ("swipes"."is_like" or ("swipes"."liked_photo_id" is null and "swipes"."liked_prompt_id" is null and "swipes"."comment" is null));--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_comment_length" CHECK (char_length("swipes"."comment") between 1 and 140);