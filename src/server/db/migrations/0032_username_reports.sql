CREATE TABLE "username_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"reason" text NOT NULL,
	"description" text,
	"report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "by_username_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "username_reports" ADD CONSTRAINT "username_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_reports" ADD CONSTRAINT "username_reports_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "username_reports_reporter_name_reason_key" ON "username_reports" USING btree ("reporter_id","username_key","reason");