CREATE TABLE "date_plan_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"address_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"match_id" uuid,
	"event_id" uuid,
	"place" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"check_in_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"safe_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "date_plan_contacts" ADD CONSTRAINT "date_plan_contacts_plan_id_date_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."date_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plan_contacts" ADD CONSTRAINT "date_plan_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_plan_contacts_token_idx" ON "date_plan_contacts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "date_plan_contacts_plan_idx" ON "date_plan_contacts" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "date_plan_contacts_address_idx" ON "date_plan_contacts" USING btree ("address_hash","created_at");--> statement-breakpoint
CREATE INDEX "date_plans_user_idx" ON "date_plans" USING btree ("user_id","created_at");