CREATE TABLE "depreciacao_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"patrimonio_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"competencia" text NOT NULL,
	"valor" numeric(14, 2),
	"vida_util_restante_meses" integer,
	"residual_pct" numeric(5, 2),
	"documento" text NOT NULL,
	"motivo" text NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "depreciacao_eventos" ADD CONSTRAINT "depreciacao_eventos_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depreciacao_eventos" ADD CONSTRAINT "depreciacao_eventos_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depreciacao_eventos" ADD CONSTRAINT "depreciacao_eventos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "depreciacao_eventos_patrimonio_idx" ON "depreciacao_eventos" USING btree ("patrimonio_id","competencia");--> statement-breakpoint
-- custom (issue 14, depreciação: events of value and who records them)
SELECT tenant_policy('depreciacao_eventos'::regclass);--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'depreciacao:manage') WHERE role IN ('admin','supervisor') AND NOT ('depreciacao:manage' = ANY(permissions));
