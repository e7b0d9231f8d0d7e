DROP INDEX "audit_logs_municipality_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "entity_label" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "sector_id" integer;--> statement-breakpoint
CREATE INDEX "audit_logs_m_created_idx" ON "audit_logs" USING btree ("municipality_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_sector_idx" ON "audit_logs" USING btree ("sector_id","created_at","id") WHERE "audit_logs"."sector_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_logs_m_entity_idx" ON "audit_logs" USING btree ("municipality_id","entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_m_action_idx" ON "audit_logs" USING btree ("municipality_id","action","created_at","id");--> statement-breakpoint
-- Entries written before this migration: an asset's entries get the sector it is in now (its page already
-- shows that sector's users the asset's whole history), so a usuario's 'Atividade Recente' is not empty.
UPDATE "audit_logs" a SET "sector_id" = p."sector_id"
  FROM "patrimonios" p
 WHERE a."entity_type" = 'Patrimonio' AND a."sector_id" IS NULL
   AND p."municipality_id" = a."municipality_id" AND p."id"::text = a."entity_id";
