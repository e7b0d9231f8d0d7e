-- custom (issue 34.6, the glossary's naming pass, third batch): inventario_itens → inventario_items,
-- inventario_leituras → inventario_readings, and the columns of inventarios, inventario_items, inventario_readings and
-- manutencoes take their glossary names. Tables and columns are renamed in place (data, row-level-security policies,
-- grants, indexes, the partial index's predicate and constraints follow); the indexes, constraints and sequences that
-- carry an old name are renamed with them. No SQL function or trigger body names a column or table renamed here, so
-- none is re-created. The API keeps its names (the queries alias the columns).
ALTER TABLE "inventarios" RENAME COLUMN "tipo" TO "kind";
--> statement-breakpoint
ALTER TABLE "inventarios" RENAME COLUMN "setor_nome" TO "sector_name";
--> statement-breakpoint
ALTER TABLE "inventarios" RENAME COLUMN "local_nome" TO "local_name";
--> statement-breakpoint
ALTER TABLE "inventarios" RENAME COLUMN "data_inicio" TO "start_date";
--> statement-breakpoint
ALTER TABLE "inventarios" RENAME COLUMN "total_itens" TO "total_items";
--> statement-breakpoint
ALTER TABLE "inventarios" RENAME COLUMN "encontrados" TO "found_count";
--> statement-breakpoint
ALTER TABLE "inventarios" RENAME COLUMN "divergentes" TO "divergent_count";
--> statement-breakpoint
ALTER TABLE "inventario_itens" RENAME TO "inventario_items";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME CONSTRAINT "inventario_itens_pkey" TO "inventario_items_pkey";
--> statement-breakpoint
ALTER SEQUENCE "inventario_itens_id_seq" RENAME TO "inventario_items_id_seq";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME CONSTRAINT "inventario_itens_inventario_id_inventarios_id_fk" TO "inventario_items_inventario_id_inventarios_id_fk";
--> statement-breakpoint
ALTER INDEX "inventario_itens_numero_uq" RENAME TO "inventario_items_numero_uq";
--> statement-breakpoint
ALTER INDEX "inventario_itens_status_idx" RENAME TO "inventario_items_status_idx";
--> statement-breakpoint
ALTER INDEX "inventario_itens_local_idx" RENAME TO "inventario_items_local_idx";
--> statement-breakpoint
ALTER INDEX "inventario_itens_patrimonio_idx" RENAME TO "inventario_items_patrimonio_idx";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "local_nome" TO "local_name";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "valor" TO "valor_aquisicao";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "local_encontrado_id" TO "found_local_id";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "local_encontrado_nome" TO "found_local_name";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "estado" TO "condition";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "nota" TO "note";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "lido_por_id" TO "read_by_id";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "lido_por_nome" TO "read_by_name";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "lido_em" TO "read_at";
--> statement-breakpoint
ALTER TABLE "inventario_items" RENAME COLUMN "leitura_id" TO "reading_id";
--> statement-breakpoint
ALTER TABLE "inventario_leituras" RENAME TO "inventario_readings";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME CONSTRAINT "inventario_leituras_pkey" TO "inventario_readings_pkey";
--> statement-breakpoint
ALTER SEQUENCE "inventario_leituras_seq_seq" RENAME TO "inventario_readings_seq_seq";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME CONSTRAINT "inventario_leituras_inventario_id_inventarios_id_fk" TO "inventario_readings_inventario_id_inventarios_id_fk";
--> statement-breakpoint
ALTER INDEX "inventario_leituras_client_uq" RENAME TO "inventario_readings_client_uq";
--> statement-breakpoint
ALTER INDEX "inventario_leituras_inv_seq_idx" RENAME TO "inventario_readings_inv_seq_idx";
--> statement-breakpoint
ALTER INDEX "inventario_leituras_ocorrencias_idx" RENAME TO "inventario_readings_ocorrencias_idx";
--> statement-breakpoint
ALTER INDEX "inventario_leituras_user_idx" RENAME TO "inventario_readings_user_idx";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "numero" TO "scanned_number";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "resultado" TO "result";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "local_nome" TO "local_name";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "estado" TO "condition";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "nota" TO "note";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "lido_por_id" TO "read_by_id";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "lido_por_nome" TO "read_by_name";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "lido_em" TO "read_at";
--> statement-breakpoint
ALTER TABLE "inventario_readings" RENAME COLUMN "recebido_em" TO "received_at";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "titulo" TO "title";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "tipo" TO "kind";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "data_prevista" TO "due_date";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "responsavel" TO "assignee";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "custo_estimado" TO "estimated_cost";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "custo_real" TO "actual_cost";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "observacoes" TO "notes";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "recorrencia" TO "recurrence";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "data_conclusao" TO "completed_date";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "origem_id" TO "origin_id";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "aviso_proximo_em" TO "due_soon_notified_at";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME COLUMN "aviso_atraso_em" TO "overdue_notified_at";
--> statement-breakpoint
ALTER INDEX "manutencoes_m_prevista_idx" RENAME TO "manutencoes_m_due_date_idx";
--> statement-breakpoint
ALTER INDEX "manutencoes_m_status_prevista_idx" RENAME TO "manutencoes_m_status_due_date_idx";
--> statement-breakpoint
ALTER INDEX "manutencoes_origem_uq" RENAME TO "manutencoes_origin_uq";
--> statement-breakpoint
ALTER TABLE "manutencoes" RENAME CONSTRAINT "manutencoes_origem_id_manutencoes_id_fk" TO "manutencoes_origin_id_manutencoes_id_fk";
