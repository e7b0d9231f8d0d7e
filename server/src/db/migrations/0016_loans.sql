CREATE TABLE "emprestimos" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"patrimonio_id" integer NOT NULL,
	"tomador_nome" text NOT NULL,
	"tomador_documento" text,
	"tomador_contato" text,
	"setor_destino_id" integer,
	"setor_destino_nome" text,
	"data_prevista_devolucao" date NOT NULL,
	"observacoes" text,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	"estado_devolucao" text,
	"observacoes_devolucao" text,
	"returned_by_id" integer,
	"returned_by_name" text,
	"overdue_notified_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emprestimos" ADD CONSTRAINT "emprestimos_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emprestimos" ADD CONSTRAINT "emprestimos_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emprestimos" ADD CONSTRAINT "emprestimos_setor_destino_id_sectors_id_fk" FOREIGN KEY ("setor_destino_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emprestimos" ADD CONSTRAINT "emprestimos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emprestimos" ADD CONSTRAINT "emprestimos_returned_by_id_users_id_fk" FOREIGN KEY ("returned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emprestimos_open_uq" ON "emprestimos" USING btree ("patrimonio_id") WHERE "emprestimos"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "emprestimos_m_id_idx" ON "emprestimos" USING btree ("municipality_id","id");--> statement-breakpoint
CREATE INDEX "emprestimos_m_open_due_idx" ON "emprestimos" USING btree ("municipality_id","data_prevista_devolucao") WHERE "emprestimos"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "emprestimos_patrimonio_idx" ON "emprestimos" USING btree ("patrimonio_id","id");--> statement-breakpoint
CREATE INDEX "emprestimos_setor_destino_idx" ON "emprestimos" USING btree ("setor_destino_id");--> statement-breakpoint
SELECT tenant_policy('emprestimos'::regclass);--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'loans:manage') WHERE role IN ('admin', 'supervisor', 'usuario') AND NOT ('loans:manage' = ANY(permissions));
