CREATE TABLE "username_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blocker_id" uuid NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"blocked_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "by_username_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "username_blocks" ADD CONSTRAINT "username_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_blocks" ADD CONSTRAINT "username_blocks_blocked_user_id_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "username_blocks_blocker_name_key" ON "username_blocks" USING btree ("blocker_id","username_key");