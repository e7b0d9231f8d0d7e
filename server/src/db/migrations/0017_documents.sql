CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"stored_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_municipality_idx" ON "documents" USING btree ("municipality_id","id");--> statement-breakpoint
SELECT tenant_policy('documents'::regclass);--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'documents:read') WHERE role IN ('admin','supervisor','usuario','visualizador') AND NOT ('documents:read' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'documents:manage') WHERE role IN ('admin','supervisor') AND NOT ('documents:manage' = ANY(permissions));
