ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "replaced_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL;