ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_status" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
-- Invitations sent before this migration (a new municipality's first admin, restored users, the superuser's
-- re-invitations) are the unused set-password tokens that live longer than a day: their users wait on them.
UPDATE "users" SET "invitation_status" = 'pending'
 WHERE "id" IN (SELECT "user_id" FROM "password_reset_tokens"
                 WHERE "used_at" IS NULL AND "expires_at" - "created_at" > interval '1 day');
