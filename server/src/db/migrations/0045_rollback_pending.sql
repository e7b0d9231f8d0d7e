CREATE TABLE "version_rollback_pending" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"upgrade_id" integer NOT NULL,
	"from_version" text NOT NULL,
	"to_version" text NOT NULL,
	"backup_file" text NOT NULL,
	"backup_sha256" text NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "version_rollback_pending_one_row" CHECK ("version_rollback_pending"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "version_upgrades" ADD COLUMN "backup_sha256" text;