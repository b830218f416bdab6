ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_moderator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_subject_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "moderation_actions" ALTER COLUMN "moderator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ALTER COLUMN "subject_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Still append-only, with one exception: a deleted account's id becomes NULL (ON DELETE SET NULL), so the
-- entry stays with a "Deleted member" in her place and nothing that identifies her.
CREATE OR REPLACE FUNCTION "moderation_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.id = OLD.id
    AND (NEW.moderator_id IS NOT DISTINCT FROM OLD.moderator_id OR NEW.moderator_id IS NULL)
    AND (NEW.subject_user_id IS NOT DISTINCT FROM OLD.subject_user_id OR NEW.subject_user_id IS NULL)
    AND NEW.action = OLD.action
    AND NEW.reason = OLD.reason
    AND NEW.rule IS NOT DISTINCT FROM OLD.rule
    AND NEW.suspended_until IS NOT DISTINCT FROM OLD.suspended_until
    AND NEW.created_at = OLD.created_at
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'moderation_actions is append-only';
END;
$$;
