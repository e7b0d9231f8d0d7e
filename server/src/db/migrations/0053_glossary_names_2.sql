-- custom (issue 34.6, the glossary's naming pass, second batch): transferencias, emprestimos, termo_pendencias,
-- tipos_bens.depreciavel, municipalities.codigo_ibge and dashboard_layouts.painel take their glossary names. Tables and
-- columns are renamed in place (data, row-level-security policies, grants, indexes and constraints follow); the
-- indexes, constraints and sequences that carry an old name are renamed with them. No SQL function or trigger body
-- names a column or table renamed here, so none is re-created.
ALTER TABLE "transferencias" RENAME COLUMN "motivo" TO "reason";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "setor_origem_id" TO "origin_sector_id";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "setor_origem_nome" TO "origin_sector_name";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "setor_destino_id" TO "destination_sector_id";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "setor_destino_nome" TO "destination_sector_name";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "local_destino_id" TO "destination_local_id";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "local_destino_nome" TO "destination_local_name";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "destinatario" TO "recipient";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "solicitante_id" TO "requester_id";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "solicitante_nome" TO "requester_name";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "data_solicitacao" TO "requested_at";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "aprovador_id" TO "approver_id";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "aprovador_nome" TO "approver_name";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "data_aprovacao" TO "decided_at";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME COLUMN "comentarios_aprovador" TO "approver_comments";
--> statement-breakpoint
ALTER INDEX "transferencias_m_data_idx" RENAME TO "transferencias_m_requested_at_idx";
--> statement-breakpoint
ALTER INDEX "transferencias_origem_idx" RENAME TO "transferencias_origin_sector_idx";
--> statement-breakpoint
ALTER INDEX "transferencias_destino_idx" RENAME TO "transferencias_destination_sector_idx";
--> statement-breakpoint
ALTER INDEX "transferencias_local_idx" RENAME TO "transferencias_destination_local_idx";
--> statement-breakpoint
ALTER INDEX "transferencias_solicitante_idx" RENAME TO "transferencias_requester_idx";
--> statement-breakpoint
ALTER INDEX "transferencias_aprovador_idx" RENAME TO "transferencias_approver_idx";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME CONSTRAINT "transferencias_setor_origem_id_sectors_id_fk" TO "transferencias_origin_sector_id_sectors_id_fk";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME CONSTRAINT "transferencias_setor_destino_id_sectors_id_fk" TO "transferencias_destination_sector_id_sectors_id_fk";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME CONSTRAINT "transferencias_local_destino_id_locais_id_fk" TO "transferencias_destination_local_id_locais_id_fk";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME CONSTRAINT "transferencias_solicitante_id_users_id_fk" TO "transferencias_requester_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "transferencias" RENAME CONSTRAINT "transferencias_aprovador_id_users_id_fk" TO "transferencias_approver_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "tomador_nome" TO "borrower_name";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "tomador_documento" TO "borrower_document";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "tomador_contato" TO "borrower_contact";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "setor_destino_id" TO "destination_sector_id";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "setor_destino_nome" TO "destination_sector_name";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "data_prevista_devolucao" TO "due_date";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "observacoes" TO "notes";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "estado_devolucao" TO "return_condition";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME COLUMN "observacoes_devolucao" TO "return_notes";
--> statement-breakpoint
ALTER INDEX "emprestimos_setor_destino_idx" RENAME TO "emprestimos_destination_sector_idx";
--> statement-breakpoint
ALTER TABLE "emprestimos" RENAME CONSTRAINT "emprestimos_setor_destino_id_sectors_id_fk" TO "emprestimos_destination_sector_id_sectors_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_pendencias" RENAME TO "termo_pending";
--> statement-breakpoint
ALTER TABLE "termo_pending" RENAME CONSTRAINT "termo_pendencias_pkey" TO "termo_pending_pkey";
--> statement-breakpoint
ALTER SEQUENCE "termo_pendencias_id_seq" RENAME TO "termo_pending_id_seq";
--> statement-breakpoint
ALTER TABLE "termo_pending" RENAME COLUMN "motivos" TO "reasons";
--> statement-breakpoint
ALTER INDEX "termo_pendencias_sector_uq" RENAME TO "termo_pending_sector_uq";
--> statement-breakpoint
ALTER TABLE "termo_pending" RENAME CONSTRAINT "termo_pendencias_municipality_id_municipalities_id_fk" TO "termo_pending_municipality_id_municipalities_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_pending" RENAME CONSTRAINT "termo_pendencias_sector_id_sectors_id_fk" TO "termo_pending_sector_id_sectors_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_pending" RENAME CONSTRAINT "termo_pendencias_created_by_id_users_id_fk" TO "termo_pending_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tipos_bens" RENAME COLUMN "depreciavel" TO "depreciable";
--> statement-breakpoint
ALTER TABLE "municipalities" RENAME COLUMN "codigo_ibge" TO "ibge_code";
--> statement-breakpoint
ALTER TABLE "municipalities" RENAME CONSTRAINT "municipalities_codigo_ibge_unique" TO "municipalities_ibge_code_unique";
--> statement-breakpoint
ALTER TABLE "dashboard_layouts" RENAME COLUMN "painel" TO "dashboard";
--> statement-breakpoint
ALTER TABLE "dashboard_layouts" RENAME CONSTRAINT "dashboard_layouts_user_id_painel_pk" TO "dashboard_layouts_user_id_dashboard_pk";
