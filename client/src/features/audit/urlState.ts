import { useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZES, isCalendarDay, type AuditFilters } from '@tombo/shared';

/** The log's filters and page size live in the URL (a link restores them), under pt-BR names. */
const NAMES = {
  userId: 'usuario',
  entityType: 'entidade',
  action: 'acao',
  from: 'de',
  to: 'ate',
  includeAccess: 'acessos',
} as const;

export interface AuditUrlState {
  filters: AuditFilters;
  pageSize: number;
}

export function readAuditState(sp: URLSearchParams): AuditUrlState {
  const filters: AuditFilters = {};
  const user = Number(sp.get(NAMES.userId));
  if (Number.isInteger(user) && user > 0) filters.userId = user;
  const entity = sp.get(NAMES.entityType);
  if (entity && /^[A-Za-z]{1,60}$/.test(entity)) filters.entityType = entity;
  const action = sp.get(NAMES.action);
  if (action && /^[A-Z][A-Z_]{0,79}$/.test(action)) filters.action = action;
  for (const k of ['from', 'to'] as const) {
    const v = sp.get(NAMES[k]);
    if (v && isCalendarDay(v)) filters[k] = v;
  }
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to;
  if (sp.get(NAMES.includeAccess) === 'sim') filters.includeAccess = true;
  const size = Number(sp.get('tamanho'));
  return {
    filters,
    pageSize: (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? size : AUDIT_PAGE_SIZE,
  };
}

export function writeAuditState(s: AuditUrlState): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [k, name] of Object.entries(NAMES)) {
    const v = s.filters[k as keyof AuditFilters];
    if (v === true) sp.set(name, 'sim');
    else if (v != null && v !== '' && v !== false) sp.set(name, String(v));
  }
  if (s.pageSize !== AUDIT_PAGE_SIZE) sp.set('tamanho', String(s.pageSize));
  return sp;
}

export const activeFilters = (f: AuditFilters) =>
  Object.values(f).filter((v) => v != null && v !== '' && v !== false).length;

/** A change of the log's state: a page size, filters to set (undefined clears one), or all filters cleared. */
export interface AuditUrlPatch {
  pageSize?: number;
  filters?: Partial<AuditFilters>;
  clearFilters?: boolean;
}

/**
 * The log's state from the URL and `update` to change it (replacing the history entry). A change applies
 * to the URL as it is when it happens, not as the last render saw it: two quick edits (a date typed right
 * after another) never undo each other.
 */
export function useAuditUrlState() {
  const [sp, setSp] = useSearchParams();
  const state = readAuditState(sp);
  const update = (patch: AuditUrlPatch) => {
    const now = readAuditState(new URLSearchParams(window.location.search));
    const filters = patch.clearFilters ? {} : { ...now.filters, ...patch.filters };
    setSp(writeAuditState({ filters, pageSize: patch.pageSize ?? now.pageSize }), { replace: true });
  };
  return { state, update };
}
