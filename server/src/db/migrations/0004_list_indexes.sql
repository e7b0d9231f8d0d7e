ALTER TABLE "patrimonios" ADD COLUMN "descricao_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower(descricao_bem))) STORED;--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_created_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_descricao_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","descricao_bem","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_numero_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","numero_patrimonio","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_status_created_idx" ON "patrimonios" USING btree ("municipality_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_status_tipo_idx" ON "patrimonios" USING btree ("municipality_id","status","tipo_nome","id");