CREATE INDEX "patrimonios_m_sector_tipo_nome_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","tipo_nome","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_local_nome_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","local_nome","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_status_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","status","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_valor_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","valor_aquisicao","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_data_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","data_aquisicao","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_estado_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","estado_conservacao","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_updated_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","updated_at","id");