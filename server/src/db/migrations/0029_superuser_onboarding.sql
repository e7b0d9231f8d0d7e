CREATE TABLE "installation_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"is_public_search_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "uf" text;--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "codigo_ibge" text;--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_codigo_ibge_unique" UNIQUE("codigo_ibge");--> statement-breakpoint
-- custom (issue 12, superuser)
ALTER TABLE "installation_settings" ADD CONSTRAINT "installation_settings_one_row" CHECK ("id");--> statement-breakpoint
INSERT INTO "installation_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;
