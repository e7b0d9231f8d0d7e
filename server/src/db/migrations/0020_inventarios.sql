CREATE TABLE "inventario_comissao" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"inventario_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventario_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"inventario_id" integer NOT NULL,
	"patrimonio_id" integer,
	"numero_patrimonio" text NOT NULL,
	"descricao_bem" text NOT NULL,
	"local_id" integer,
	"local_nome" text,
	"valor" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'not_found' NOT NULL,
	"local_encontrado_id" integer,
	"local_encontrado_nome" text,
	"estado" text,
	"nota" text,
	"lido_por_id" integer,
	"lido_por_nome" text,
	"lido_em" timestamp with time zone,
	"leitura_id" uuid
);
--> statement-breakpoint
CREATE TABLE "inventario_leituras" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"inventario_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"resultado" text,
	"item_id" integer,
	"patrimonio_id" integer,
	"local_id" integer,
	"local_nome" text,
	"estado" text,
	"nota" text,
	"lido_por_id" integer,
	"lido_por_nome" text,
	"lido_em" timestamp with time zone NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"tipo" text NOT NULL,
	"sector_id" integer NOT NULL,
	"setor_nome" text NOT NULL,
	"scope" text NOT NULL,
	"location_type" text,
	"specific_location_id" integer,
	"local_nome" text,
	"data_inicio" date NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"finalized_at" timestamp with time zone,
	"finalized_by_id" integer,
	"finalized_by_name" text,
	"total_itens" integer DEFAULT 0 NOT NULL,
	"encontrados" integer DEFAULT 0 NOT NULL,
	"divergentes" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventario_comissao" ADD CONSTRAINT "inventario_comissao_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_comissao" ADD CONSTRAINT "inventario_comissao_inventario_id_inventarios_id_fk" FOREIGN KEY ("inventario_id") REFERENCES "public"."inventarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_comissao" ADD CONSTRAINT "inventario_comissao_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_inventario_id_inventarios_id_fk" FOREIGN KEY ("inventario_id") REFERENCES "public"."inventarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_local_id_locais_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_local_encontrado_id_locais_id_fk" FOREIGN KEY ("local_encontrado_id") REFERENCES "public"."locais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_lido_por_id_users_id_fk" FOREIGN KEY ("lido_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_leituras" ADD CONSTRAINT "inventario_leituras_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_leituras" ADD CONSTRAINT "inventario_leituras_inventario_id_inventarios_id_fk" FOREIGN KEY ("inventario_id") REFERENCES "public"."inventarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_leituras" ADD CONSTRAINT "inventario_leituras_item_id_inventario_itens_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventario_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_leituras" ADD CONSTRAINT "inventario_leituras_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_leituras" ADD CONSTRAINT "inventario_leituras_local_id_locais_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_leituras" ADD CONSTRAINT "inventario_leituras_lido_por_id_users_id_fk" FOREIGN KEY ("lido_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_specific_location_id_locais_id_fk" FOREIGN KEY ("specific_location_id") REFERENCES "public"."locais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_finalized_by_id_users_id_fk" FOREIGN KEY ("finalized_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventario_comissao_uq" ON "inventario_comissao" USING btree ("inventario_id","user_id");--> statement-breakpoint
CREATE INDEX "inventario_comissao_user_idx" ON "inventario_comissao" USING btree ("user_id","inventario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventario_itens_numero_uq" ON "inventario_itens" USING btree ("inventario_id","numero_patrimonio");--> statement-breakpoint
CREATE INDEX "inventario_itens_status_idx" ON "inventario_itens" USING btree ("inventario_id","status","id");--> statement-breakpoint
CREATE INDEX "inventario_itens_local_idx" ON "inventario_itens" USING btree ("inventario_id","local_id","id");--> statement-breakpoint
CREATE INDEX "inventario_itens_patrimonio_idx" ON "inventario_itens" USING btree ("patrimonio_id");--> statement-breakpoint
CREATE INDEX "inventario_itens_local_fk_idx" ON "inventario_itens" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "inventario_itens_encontrado_idx" ON "inventario_itens" USING btree ("local_encontrado_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventario_leituras_client_uq" ON "inventario_leituras" USING btree ("inventario_id","client_id");--> statement-breakpoint
CREATE INDEX "inventario_leituras_inv_seq_idx" ON "inventario_leituras" USING btree ("inventario_id","seq");--> statement-breakpoint
CREATE INDEX "inventario_leituras_ocorrencias_idx" ON "inventario_leituras" USING btree ("inventario_id","seq") WHERE "inventario_leituras"."resultado" in ('nao_inventariado', 'nao_cadastrado');--> statement-breakpoint
CREATE INDEX "inventario_leituras_item_idx" ON "inventario_leituras" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "inventario_leituras_patrimonio_idx" ON "inventario_leituras" USING btree ("patrimonio_id");--> statement-breakpoint
CREATE INDEX "inventario_leituras_local_idx" ON "inventario_leituras" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "inventario_leituras_user_idx" ON "inventario_leituras" USING btree ("lido_por_id");--> statement-breakpoint
CREATE INDEX "inventarios_m_id_idx" ON "inventarios" USING btree ("municipality_id","id");--> statement-breakpoint
CREATE INDEX "inventarios_m_status_idx" ON "inventarios" USING btree ("municipality_id","status","id");--> statement-breakpoint
CREATE INDEX "inventarios_m_sector_idx" ON "inventarios" USING btree ("municipality_id","sector_id","id");--> statement-breakpoint
CREATE INDEX "inventarios_sector_idx" ON "inventarios" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "inventarios_local_idx" ON "inventarios" USING btree ("specific_location_id");--> statement-breakpoint
SELECT tenant_policy('inventarios'::regclass);--> statement-breakpoint
SELECT tenant_policy('inventario_comissao'::regclass);--> statement-breakpoint
SELECT tenant_policy('inventario_itens'::regclass);--> statement-breakpoint
SELECT tenant_policy('inventario_leituras'::regclass);--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'inventarios:read') WHERE role IN ('admin', 'supervisor', 'usuario', 'visualizador') AND NOT ('inventarios:read' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'inventarios:create') WHERE role IN ('admin', 'supervisor', 'usuario') AND NOT ('inventarios:create' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'inventarios:manage') WHERE role IN ('admin', 'supervisor') AND NOT ('inventarios:manage' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'inventarios:count') WHERE role IN ('admin', 'supervisor', 'usuario') AND NOT ('inventarios:count' = ANY(permissions));
