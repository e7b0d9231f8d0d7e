CREATE TABLE "termo_pendencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"motivos" text[] NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "termo_pendencias" ADD CONSTRAINT "termo_pendencias_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_pendencias" ADD CONSTRAINT "termo_pendencias_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_pendencias" ADD CONSTRAINT "termo_pendencias_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "termo_pendencias_sector_uq" ON "termo_pendencias" USING btree ("municipality_id","sector_id");--> statement-breakpoint
-- custom (issue 11, termos pendencias)
SELECT tenant_policy('termo_pendencias'::regclass);
