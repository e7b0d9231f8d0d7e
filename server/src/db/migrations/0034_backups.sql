CREATE TABLE "backup_settings" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"hour" integer DEFAULT 2 NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"keep_days" integer DEFAULT 30 NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer,
	"kind" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"file_path" text,
	"file_name" text,
	"size" bigint,
	"sha256" text,
	"summary" jsonb,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"installation_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_one_row" CHECK ("installation"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "version_rollbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_version" text NOT NULL,
	"to_version" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"requested_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_upgrades" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_version" text,
	"to_version" text NOT NULL,
	"schema_version" text,
	"backup_file" text,
	"backup_size" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_settings" ADD CONSTRAINT "backup_settings_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_rollbacks" ADD CONSTRAINT "version_rollbacks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_municipality_idx" ON "backups" USING btree ("municipality_id","created_at");--> statement-breakpoint
-- custom (issue 12, backups)
SELECT tenant_policy('backups'::regclass);
--> statement-breakpoint
SELECT tenant_policy('backup_settings'::regclass);
--> statement-breakpoint
INSERT INTO installation (id) VALUES (1) ON CONFLICT DO NOTHING;
