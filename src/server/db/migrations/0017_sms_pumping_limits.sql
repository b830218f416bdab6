ALTER TABLE "sms_outbox" ADD COLUMN "to_hash" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "purpose" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_to_hash_idx" ON "sms_outbox" USING btree ("to_hash","sent_at");