CREATE TABLE "importacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"municipality_id" integer NOT NULL,
	"created_by_id" integer,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"separator" text,
	"has_header" boolean DEFAULT true NOT NULL,
	"headers" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"status" text DEFAULT 'enviada' NOT NULL,
	"analysis_key" text,
	"analysis_errors" integer,
	"errors_path" text,
	"distinct_values" jsonb,
	"job_id" uuid,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacoes_m_created_idx" ON "importacoes" USING btree ("municipality_id","created_at");--> statement-breakpoint
-- custom (issue 12, importacao)
SELECT tenant_policy('importacoes'::regclass);
