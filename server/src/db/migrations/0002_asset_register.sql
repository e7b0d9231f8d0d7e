CREATE TABLE "asset_form_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"is_custom" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"options" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "formas_aquisicao" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "numbering_counters" (
	"municipality_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "numbering_counters_municipality_id_prefix_pk" PRIMARY KEY("municipality_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "numbering_patterns" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"components" jsonb NOT NULL,
	"separator" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrimonio_arquivos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patrimonio_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"stored_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrimonio_historico" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patrimonio_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"details" text NOT NULL,
	"user_id" integer,
	"user_name" text
);
--> statement-breakpoint
CREATE TABLE "patrimonios" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"numero_patrimonio" text NOT NULL,
	"descricao_bem" text NOT NULL,
	"tipo_id" integer,
	"tipo_nome" text,
	"sector_id" integer NOT NULL,
	"setor_nome" text NOT NULL,
	"local_id" integer,
	"local_nome" text,
	"forma_aquisicao_id" integer,
	"forma_nome" text,
	"valor_aquisicao" numeric(14, 2) DEFAULT '0' NOT NULL,
	"quantidade" integer DEFAULT 1 NOT NULL,
	"data_aquisicao" date,
	"status" text DEFAULT 'ativo' NOT NULL,
	"estado_conservacao" text,
	"observacoes" text,
	"doado" boolean DEFAULT false NOT NULL,
	"transferencia_pendente" boolean DEFAULT false NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_search_settings" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"is_public_search_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_bens" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"useful_life_months" integer,
	"residual_value_pct" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_form_fields" ADD CONSTRAINT "asset_form_fields_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formas_aquisicao" ADD CONSTRAINT "formas_aquisicao_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numbering_counters" ADD CONSTRAINT "numbering_counters_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numbering_patterns" ADD CONSTRAINT "numbering_patterns_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonio_arquivos" ADD CONSTRAINT "patrimonio_arquivos_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonio_arquivos" ADD CONSTRAINT "patrimonio_arquivos_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonio_arquivos" ADD CONSTRAINT "patrimonio_arquivos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonio_historico" ADD CONSTRAINT "patrimonio_historico_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonio_historico" ADD CONSTRAINT "patrimonio_historico_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonio_historico" ADD CONSTRAINT "patrimonio_historico_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD CONSTRAINT "patrimonios_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD CONSTRAINT "patrimonios_tipo_id_tipos_bens_id_fk" FOREIGN KEY ("tipo_id") REFERENCES "public"."tipos_bens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD CONSTRAINT "patrimonios_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD CONSTRAINT "patrimonios_local_id_locais_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD CONSTRAINT "patrimonios_forma_aquisicao_id_formas_aquisicao_id_fk" FOREIGN KEY ("forma_aquisicao_id") REFERENCES "public"."formas_aquisicao"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD CONSTRAINT "patrimonios_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_search_settings" ADD CONSTRAINT "public_search_settings_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD CONSTRAINT "tipos_bens_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_form_fields_key_uq" ON "asset_form_fields" USING btree ("municipality_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "formas_aquisicao_nome_uq" ON "formas_aquisicao" USING btree ("municipality_id",lower("nome"));--> statement-breakpoint
CREATE INDEX "patrimonio_arquivos_asset_idx" ON "patrimonio_arquivos" USING btree ("patrimonio_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "patrimonio_historico_asset_idx" ON "patrimonio_historico" USING btree ("patrimonio_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrimonios_numero_uq" ON "patrimonios" USING btree ("municipality_id","numero_patrimonio");--> statement-breakpoint
CREATE INDEX "patrimonios_m_id_idx" ON "patrimonios" USING btree ("municipality_id","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_descricao_idx" ON "patrimonios" USING btree ("municipality_id","descricao_bem","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_tipo_nome_idx" ON "patrimonios" USING btree ("municipality_id","tipo_nome","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_setor_nome_idx" ON "patrimonios" USING btree ("municipality_id","setor_nome","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_local_nome_idx" ON "patrimonios" USING btree ("municipality_id","local_nome","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_forma_nome_idx" ON "patrimonios" USING btree ("municipality_id","forma_nome","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_status_idx" ON "patrimonios" USING btree ("municipality_id","status","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_valor_idx" ON "patrimonios" USING btree ("municipality_id","valor_aquisicao","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_quantidade_idx" ON "patrimonios" USING btree ("municipality_id","quantidade","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_data_idx" ON "patrimonios" USING btree ("municipality_id","data_aquisicao","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_estado_idx" ON "patrimonios" USING btree ("municipality_id","estado_conservacao","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_created_idx" ON "patrimonios" USING btree ("municipality_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_updated_idx" ON "patrimonios" USING btree ("municipality_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_sector_idx" ON "patrimonios" USING btree ("municipality_id","sector_id","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_local_idx" ON "patrimonios" USING btree ("municipality_id","local_id","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_tipo_idx" ON "patrimonios" USING btree ("municipality_id","tipo_id","id");--> statement-breakpoint
CREATE INDEX "patrimonios_m_forma_idx" ON "patrimonios" USING btree ("municipality_id","forma_aquisicao_id","id");--> statement-breakpoint
CREATE INDEX "patrimonios_sector_idx" ON "patrimonios" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "patrimonios_local_idx" ON "patrimonios" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "patrimonios_tipo_idx" ON "patrimonios" USING btree ("tipo_id");--> statement-breakpoint
CREATE INDEX "patrimonios_forma_idx" ON "patrimonios" USING btree ("forma_aquisicao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_bens_name_uq" ON "tipos_bens" USING btree ("municipality_id",lower("name"));