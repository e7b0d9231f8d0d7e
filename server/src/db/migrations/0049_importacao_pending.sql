ALTER TABLE "importacoes" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "importacoes" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "importacoes" ADD COLUMN "pending_version" integer DEFAULT 0 NOT NULL;