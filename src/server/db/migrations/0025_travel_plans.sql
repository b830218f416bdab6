CREATE TABLE "travel_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"home_location" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "travel_plans" ADD CONSTRAINT "travel_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "travel_plans_until_idx" ON "travel_plans" USING btree ("until");--> statement-breakpoint
CREATE INDEX "travel_plans_location_idx" ON "travel_plans" USING btree ("location");