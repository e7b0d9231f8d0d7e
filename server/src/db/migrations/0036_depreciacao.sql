CREATE TABLE "depreciacao_config" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"inicio" text DEFAULT 'mes_seguinte' NOT NULL,
	"arredondamento" text DEFAULT 'recalculo' NOT NULL,
	"data_corte" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD COLUMN "depreciavel" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "data_entrada_servico" date;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "vida_util_meses" integer;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "residual_pct" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "depreciacao_config" ADD CONSTRAINT "depreciacao_config_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (issue 14, depreciação)
SELECT tenant_policy('depreciacao_config'::regclass);
