CREATE TABLE "comissao_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"comissao_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"is_president" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comissoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"kind" text NOT NULL,
	"act" text NOT NULL,
	"act_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comissoes_kind_ck" CHECK ("comissoes"."kind" in ('inventario', 'avaliacao', 'desfazimento')),
	CONSTRAINT "comissoes_term_ck" CHECK ("comissoes"."valid_until" >= "comissoes"."act_date")
);
--> statement-breakpoint
ALTER TABLE "comissao_members" ADD CONSTRAINT "comissao_members_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_members" ADD CONSTRAINT "comissao_members_comissao_id_comissoes_id_fk" FOREIGN KEY ("comissao_id") REFERENCES "public"."comissoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_members" ADD CONSTRAINT "comissao_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissoes" ADD CONSTRAINT "comissoes_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_members_uq" ON "comissao_members" USING btree ("comissao_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_members_president_uq" ON "comissao_members" USING btree ("comissao_id") WHERE "comissao_members"."is_president";--> statement-breakpoint
CREATE INDEX "comissao_members_user_idx" ON "comissao_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comissoes_municipality_idx" ON "comissoes" USING btree ("municipality_id","kind","valid_until");--> statement-breakpoint
SELECT tenant_policy(t::regclass) FROM unnest(ARRAY['comissoes', 'comissao_members']) AS t;
--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'comissoes:read') WHERE role IN ('admin', 'supervisor') AND NOT ('comissoes:read' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'comissoes:manage') WHERE role = 'admin' AND NOT ('comissoes:manage' = ANY(permissions));
