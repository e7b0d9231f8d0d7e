CREATE TABLE "label_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" text NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_templates" ADD CONSTRAINT "label_templates_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_templates_municipality_idx" ON "label_templates" USING btree ("municipality_id");--> statement-breakpoint
CREATE UNIQUE INDEX "label_templates_name_uq" ON "label_templates" USING btree ("municipality_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "label_templates_default_uq" ON "label_templates" USING btree ("municipality_id") WHERE "label_templates"."is_default";--> statement-breakpoint
-- custom (issue 11, etiquetas)
SELECT tenant_policy('label_templates'::regclass);--> statement-breakpoint
-- The default label of spec §9 ('Padrão 60x40mm', in mm; see shared/src/etiquetas/defaults.ts, which a test
-- compares with this). SECURITY DEFINER: it runs under any caller's tenancy (a new municipality has none yet).
CREATE OR REPLACE FUNCTION seed_label_templates(m integer) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM label_templates WHERE municipality_id = m) THEN RETURN; END IF;
  INSERT INTO label_templates (municipality_id, name, width, height, is_default, elements)
  VALUES (m, 'Padrão 60x40mm', 60, 40, true, '[
    {"id":"logo","type":"LOGO","x":3,"y":2,"width":15,"height":8,"content":"","fontSize":10,"fontWeight":"normal","textAlign":"left"},
    {"id":"numero","type":"PATRIMONIO_FIELD","x":3,"y":28,"width":33,"height":10,"content":"numero_patrimonio","fontSize":16,"fontWeight":"bold","textAlign":"left"},
    {"id":"qrcode","type":"QRCODE","x":38,"y":4,"width":20,"height":20,"content":"","fontSize":10,"fontWeight":"normal","textAlign":"left"}
  ]'::jsonb);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_label_templates_trigger() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  PERFORM seed_label_templates(NEW.id);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS municipalities_seed_label_templates ON municipalities;--> statement-breakpoint
CREATE TRIGGER municipalities_seed_label_templates AFTER INSERT ON municipalities
  FOR EACH ROW EXECUTE FUNCTION seed_label_templates_trigger();--> statement-breakpoint
SELECT seed_label_templates(id) FROM municipalities;
