-- Issue 11: generating reports, exports, labels, record sheets and custody terms is open to the four main roles (spec §6 route access); supervisors manage the templates (spec §2.3).
UPDATE role_permissions SET permissions = array_append(permissions, 'exports:generate') WHERE role IN ('admin', 'supervisor', 'usuario', 'visualizador') AND NOT ('exports:generate' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'reports:manage_templates') WHERE role = 'supervisor' AND NOT ('reports:manage_templates' = ANY(permissions));
