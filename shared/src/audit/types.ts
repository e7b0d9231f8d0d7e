/** One changed field of an entry, formatted in pt-BR; `from` null = created, `to` null = removed. */
export interface AuditChange {
  /** The key as stored in the details ('valor_aquisicao', 'customFields.cor'). */
  field: string;
  /** Its pt-BR label (the asset form's label for asset fields). */
  label: string;
  from: string | null;
  to: string | null;
}

/** An activity-log entry as the API answers it (spec §3 Audit log entry, plus what makes it readable). */
export interface AuditLog {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  /** The record's name or number as it was when the entry was written (else as it is now, else from the details). */
  entityLabel: string | null;
  /** The record's screen, when it has one and still exists (assets: /bens-cadastrados/ver/:id). */
  link: string | null;
  /** The asset's sector at the time (entries about assets), which scopes the feed of a `usuario`. */
  sectorId: number | null;
  /** As stored: a text, or JSON of `{ old_value, new_value }`. */
  details: string | null;
  /** The details' fields, old → new, formatted (empty for a text). */
  changes: AuditChange[];
  userId: number | null;
  userName: string | null;
  municipalityId: number | null;
  createdAt: string;
}

/** GET /api/audit-logs. */
export interface AuditList {
  logs: AuditLog[];
  /** Exact up to AUDIT_COUNT_CAP entries; past it an estimate (`totalIsEstimate`), never below the cap. */
  total: number;
  totalIsEstimate: boolean;
  /** Whether older entries follow this page (ask for them with `before` = the last entry's id). */
  hasMore: boolean;
  /** The page number asked for; null when the page was asked by cursor. */
  page: number | null;
  pageSize: number;
}

/** GET /api/audit-logs/recentes. */
export interface AuditRecent {
  logs: AuditLog[];
}

/** A user of the municipality, for the log's author filter (GET /api/audit-logs/autores). */
export interface AuditAuthor {
  id: number;
  name: string;
}
