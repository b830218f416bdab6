CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"to_masked" text NOT NULL,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"pending_phone" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"last_queued_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"deal_breakers" text[] DEFAULT '{}'::text[] NOT NULL,
	"profile_visibility" text DEFAULT 'public' NOT NULL,
	"allow_messages_from" text DEFAULT 'matches' NOT NULL,
	"show_age" boolean DEFAULT true NOT NULL,
	"show_distance" boolean DEFAULT true NOT NULL,
	"show_online_status" boolean DEFAULT true NOT NULL,
	"show_last_active" boolean DEFAULT true NOT NULL,
	"lifestyle" jsonb NOT NULL,
	"premium" jsonb NOT NULL,
	"notifications" jsonb NOT NULL,
	"app" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_settings" ADD CONSTRAINT "sms_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_user_idx" ON "sms_outbox" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "user_preferences_hidden_idx" ON "user_preferences" USING btree ("user_id") WHERE "user_preferences"."profile_visibility" = 'hidden';--> statement-breakpoint
CREATE INDEX "user_preferences_deal_breakers_idx" ON "user_preferences" USING gin ("deal_breakers");