CREATE TABLE "depreciacao_fechamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"competencia" text NOT NULL,
	"status" text DEFAULT 'em_andamento' NOT NULL,
	"job_id" text,
	"bens" integer DEFAULT 0 NOT NULL,
	"total_quota" numeric(16, 2) DEFAULT '0' NOT NULL,
	"erro" text,
	"closed_by_id" integer,
	"closed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "depreciacao_lancamentos" (
	"municipality_id" integer NOT NULL,
	"patrimonio_id" integer NOT NULL,
	"competencia" text NOT NULL,
	"valor_bruto" numeric(14, 2) NOT NULL,
	"quota" numeric(14, 2) NOT NULL,
	"acumulada" numeric(14, 2) NOT NULL,
	"perdas" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_residual" numeric(14, 2) NOT NULL,
	"valor_contabil" numeric(14, 2) NOT NULL,
	CONSTRAINT "depreciacao_lancamentos_patrimonio_id_competencia_pk" PRIMARY KEY("patrimonio_id","competencia")
);
--> statement-breakpoint
CREATE TABLE "dashboard_layouts" (
	"municipality_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"painel" text NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_layouts_user_id_painel_pk" PRIMARY KEY("user_id","painel")
);
--> statement-breakpoint
ALTER TABLE "depreciacao_fechamentos" ADD CONSTRAINT "depreciacao_fechamentos_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depreciacao_fechamentos" ADD CONSTRAINT "depreciacao_fechamentos_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depreciacao_lancamentos" ADD CONSTRAINT "depreciacao_lancamentos_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depreciacao_lancamentos" ADD CONSTRAINT "depreciacao_lancamentos_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "depreciacao_fechamentos_competencia_uq" ON "depreciacao_fechamentos" USING btree ("municipality_id","competencia");--> statement-breakpoint
CREATE INDEX "depreciacao_lancamentos_competencia_idx" ON "depreciacao_lancamentos" USING btree ("municipality_id","competencia");--> statement-breakpoint
-- custom (issue 14: monthly close, entries, dashboard layouts per user, who may reopen a month)
SELECT tenant_policy('depreciacao_fechamentos'::regclass);--> statement-breakpoint
SELECT tenant_policy('depreciacao_lancamentos'::regclass);--> statement-breakpoint
SELECT tenant_policy('dashboard_layouts'::regclass);--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'depreciacao:reopen') WHERE role = 'admin' AND NOT ('depreciacao:reopen' = ANY(permissions));
