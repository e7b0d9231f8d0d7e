import { formatDate, formatDateTime, isCalendarDay } from '../format/dates';
import { formatMoney } from '../format/money';
import { formatFileSize, formatNumber, formatPercent } from '../format/numbers';
import { ROLE_LABELS, isRole } from '../roles';
import { AUDIT_FIELD_LABELS } from './field-labels';
import { humanizeCode } from './labels';
import type { AuditChange } from './types';
import { AUDIT_HIDDEN_FIELDS, auditValueLabel } from './value-labels';

/** Records whose names replace the ids found in details. */
export type AuditRefKind = 'sector' | 'local' | 'tipo' | 'forma' | 'user';

/** Names of the ids found in a page's details, and the municipality's asset-form labels by field key. */
export interface AuditNames {
  refs: Partial<Record<AuditRefKind, ReadonlyMap<number, string>>>;
  /** The asset form's labels: built-in fields by key, custom ones by 'customFields.<key>'. */
  fields: ReadonlyMap<string, string>;
}
export const NO_NAMES: AuditNames = { refs: {}, fields: new Map() };

type Kind = AuditRefKind | 'sectors' | 'money' | 'date' | 'role' | 'size' | 'percent';

/** How the value of a key is shown (keys not listed: as text, number or yes/no). */
const KINDS: Record<string, Kind> = {
  sectorId: 'sector',
  sector_id: 'sector',
  setorDestinoId: 'sector',
  localId: 'local',
  localDestinoId: 'local',
  tipoId: 'tipo',
  formaAquisicaoId: 'forma',
  formaId: 'forma',
  userId: 'user',
  sectorIds: 'sectors',
  valor_aquisicao: 'money',
  valorAquisicao: 'money',
  valorMin: 'money',
  valorMax: 'money',
  data_aquisicao: 'date',
  dataDe: 'date',
  dataAte: 'date',
  dataPrevistaDevolucao: 'date',
  role: 'role',
  size: 'size',
  bytes: 'size',
  fileSize: 'size',
  custoEstimado: 'money',
  custoReal: 'money',
  totalQuota: 'money',
  dataPrevista: 'date',
  dataCorte: 'date',
  lastRunAt: 'date',
  criadoEm: 'date',
  residualValuePct: 'percent',
  residualPct: 'percent',
  dataEntradaServico: 'date',
  notaFiscalData: 'date',
  dataBaixa: 'date',
};
const HIDDEN_IN_REQUESTS = new Set(['name']);
const MAX_TEXT = 300;

/** The parsed `{ old_value, new_value }` of an entry, or null for a plain-text entry. */
export function parseAuditDetails(details: string | null): { old?: unknown; new?: unknown } | null {
  if (!details || !/^\s*[[{]/.test(details)) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { new: parsed };
    const o = parsed as Record<string, unknown>;
    if ('old_value' in o || 'new_value' in o) return { old: o.old_value, new: o.new_value };
    return { new: o };
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The ids of each kind a set of details names (so a page can look all of them up at once). */
export function auditRefIds(details: Array<string | null>): Map<AuditRefKind, Set<number>> {
  const out = new Map<AuditRefKind, Set<number>>();
  const add = (kind: AuditRefKind, v: unknown) => {
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) {
      if (!out.has(kind)) out.set(kind, new Set());
      out.get(kind)!.add(v);
    }
  };
  for (const d of details) {
    const parsed = parseAuditDetails(d);
    for (const side of [parsed?.old, parsed?.new]) {
      if (!isRecord(side)) continue;
      for (const [k, v] of Object.entries(side)) {
        const kind = KINDS[k];
        if (kind === 'sectors' && Array.isArray(v)) v.forEach((id) => add('sector', id));
        else if (kind === 'sector' || kind === 'local' || kind === 'tipo' || kind === 'forma' || kind === 'user')
          add(kind, v);
      }
    }
  }
  return out;
}

/** The label of a details key: the asset form's own label, else the log's, else the key humanized. */
export function auditFieldLabel(key: string, names: AuditNames = NO_NAMES): string {
  const own = names.fields.get(key);
  if (own) return own;
  if (key.startsWith('customFields.')) return humanizeCode(key.slice('customFields.'.length));
  return AUDIT_FIELD_LABELS[key] ?? humanizeCode(key);
}

const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

/** A numbering pattern's parts as a person reads them. */
function numberingParts(v: unknown[]): string | null {
  const parts = v.map((c) => {
    if (!isRecord(c)) return null;
    if (c.type === 'year') return `Ano (${c.format === 'YY' ? 'AA' : 'AAAA'})`;
    if (c.type === 'sector') return `Setor (${String(c.sectorCodeLength)} letra${c.sectorCodeLength === 1 ? '' : 's'})`;
    if (c.type === 'sequence') return `Sequência (${String(c.length)} dígitos)`;
    return null;
  });
  return parts.every(Boolean) ? parts.join(' + ') : null;
}

/** A value of a key, formatted in pt-BR: money as R$, days as dd/MM/yyyy, ids as names, codes as labels. */
export function formatAuditValue(key: string, value: unknown, names: AuditNames = NO_NAMES): string {
  if (value == null || value === '') return '—';
  const kind = KINDS[key];
  if (kind === 'sector' || kind === 'local' || kind === 'tipo' || kind === 'forma' || kind === 'user') {
    const n = typeof value === 'number' ? names.refs[kind]?.get(value) : undefined;
    return n ?? `#${String(value)}`;
  }
  if (kind === 'sectors' && Array.isArray(value))
    return value.length ? value.map((id) => formatAuditValue('sectorId', id, names)).join(', ') : '—';
  if (Array.isArray(value)) {
    if (key === 'components') return numberingParts(value) ?? cut(JSON.stringify(value));
    return value.length ? cut(value.map((v) => formatAuditValue(key, v, names)).join(', ')) : '—';
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  // A nested record with a name (a label template in a job's request) reads as that name.
  if (isRecord(value) && typeof value.name === 'string') return cut(value.name);
  if (isRecord(value))
    return cut(
      Object.entries(value)
        .map(([k, v]) => `${auditFieldLabel(k, names)}: ${formatAuditValue(k, v, names)}`)
        .join('; '),
    );
  const text = String(value);
  switch (kind) {
    case 'money':
      return formatMoney(text);
    case 'date':
      return isCalendarDay(text) ? formatDate(text) : formatDateTime(text, { invalid: text });
    case 'role':
      return isRole(text) ? ROLE_LABELS[text] : text;
    case 'size':
      return typeof value === 'number' ? formatFileSize(value) : text;
    case 'percent':
      return formatPercent(text);
  }
  const coded = auditValueLabel(key, text);
  if (coded) return coded;
  // A list filter of several codes ('ativo,em_uso').
  if (key === 'status' && text.includes(','))
    return text
      .split(',')
      .map((c) => auditValueLabel(key, c) ?? c)
      .join(', ');
  if (typeof value === 'number') return formatNumber(value);
  if (text.startsWith('data:')) return '(arquivo embutido)';
  if (isCalendarDay(text)) return formatDate(text); // custom date fields
  return cut(text);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changes of an entry, one per field, formatted in pt-BR. An update lists the fields of `new_value`
 * that differ from `old_value` (old-only keys such as the asset number identify the record); a creation
 * lists its filled values, a deletion its old ones. Plain-text details have no changes.
 */
export function auditChanges(action: string, details: string | null, names: AuditNames = NO_NAMES): AuditChange[] {
  const parsed = parseAuditDetails(details);
  if (!parsed) return [];
  const hidden = (k: string) => AUDIT_HIDDEN_FIELDS.has(k) || (/_REQUEST$/.test(action) && HIDDEN_IN_REQUESTS.has(k));
  const row = (field: string, from: unknown, to: unknown, hasFrom: boolean, hasTo: boolean): AuditChange => ({
    field,
    label: auditFieldLabel(field, names),
    from: hasFrom ? formatAuditValue(field, from, names) : null,
    to: hasTo ? formatAuditValue(field, to, names) : null,
  });
  const { old: before, new: after } = parsed;
  if (isRecord(after) && isRecord(before))
    return Object.entries(after)
      .filter(([k, v]) => !hidden(k) && !same(before[k], v))
      .map(([k, v]) => row(k, before[k], v, true, true));
  if (isRecord(after))
    return Object.entries(after)
      .filter(([k, v]) => !hidden(k) && v != null && v !== '')
      .map(([k, v]) => row(k, null, v, false, true));
  if (isRecord(before))
    return Object.entries(before)
      .filter(([k, v]) => !hidden(k) && v != null && v !== '')
      .map(([k, v]) => row(k, v, null, true, false));
  // Whole values (a role's permission list): one line.
  if (before === undefined && after === undefined) return [];
  const field = action === 'PERMISSIONS_UPDATE' ? 'permissions' : 'valor';
  return [row(field, before, after, before !== undefined, after !== undefined)];
}
