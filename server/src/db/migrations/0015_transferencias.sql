CREATE TABLE "transferencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"patrimonio_id" integer NOT NULL,
	"numero_patrimonio" text NOT NULL,
	"descricao_bem" text NOT NULL,
	"type" text NOT NULL,
	"motivo" text NOT NULL,
	"setor_origem_id" integer,
	"setor_origem_nome" text NOT NULL,
	"setor_destino_id" integer,
	"setor_destino_nome" text,
	"local_destino_id" integer,
	"local_destino_nome" text,
	"destinatario" text,
	"solicitante_id" integer,
	"solicitante_nome" text NOT NULL,
	"data_solicitacao" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"aprovador_id" integer,
	"aprovador_nome" text,
	"data_aprovacao" timestamp with time zone,
	"comentarios_aprovador" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_setor_origem_id_sectors_id_fk" FOREIGN KEY ("setor_origem_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_setor_destino_id_sectors_id_fk" FOREIGN KEY ("setor_destino_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_local_destino_id_locais_id_fk" FOREIGN KEY ("local_destino_id") REFERENCES "public"."locais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_solicitante_id_users_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_aprovador_id_users_id_fk" FOREIGN KEY ("aprovador_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transferencias_m_id_idx" ON "transferencias" USING btree ("municipality_id","id");--> statement-breakpoint
CREATE INDEX "transferencias_m_status_idx" ON "transferencias" USING btree ("municipality_id","status","id");--> statement-breakpoint
CREATE INDEX "transferencias_m_data_idx" ON "transferencias" USING btree ("municipality_id","data_solicitacao");--> statement-breakpoint
CREATE INDEX "transferencias_m_numero_idx" ON "transferencias" USING btree ("municipality_id","numero_patrimonio");--> statement-breakpoint
CREATE INDEX "transferencias_origem_idx" ON "transferencias" USING btree ("setor_origem_id","id");--> statement-breakpoint
CREATE INDEX "transferencias_destino_idx" ON "transferencias" USING btree ("setor_destino_id","id");--> statement-breakpoint
CREATE INDEX "transferencias_local_idx" ON "transferencias" USING btree ("local_destino_id");--> statement-breakpoint
CREATE INDEX "transferencias_patrimonio_idx" ON "transferencias" USING btree ("patrimonio_id");--> statement-breakpoint
CREATE INDEX "transferencias_solicitante_idx" ON "transferencias" USING btree ("solicitante_id");--> statement-breakpoint
CREATE INDEX "transferencias_aprovador_idx" ON "transferencias" USING btree ("aprovador_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transferencias_pendente_uq" ON "transferencias" USING btree ("patrimonio_id") WHERE "transferencias"."status" = 'pendente';--> statement-breakpoint
SELECT tenant_policy('transferencias'::regclass);
--> statement-breakpoint
-- The transfer permissions of the defaults (shared/src/roles.ts) for roles whose stored rows predate them.
UPDATE role_permissions SET permissions = array_append(permissions, 'transfers:request') WHERE role IN ('admin', 'supervisor', 'usuario') AND NOT ('transfers:request' = ANY(permissions));
--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'transfers:decide') WHERE role IN ('admin', 'supervisor') AND NOT ('transfers:decide' = ANY(permissions));
