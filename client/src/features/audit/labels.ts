import { CLIENT_AUDIT_PREFIX, isClientAudit } from '@tombo/shared';

/** Human text for an audit entry's details ({old_value,new_value} JSON or free text). */
export function describeDetails(details: string | null): string {
  if (!details) return '';
  try {
    const parsed: unknown = JSON.parse(details);
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      if ('old_value' in o || 'new_value' in o) {
        const fmt = (v: unknown) =>
          v == null ? '—' : typeof v === 'object' ? summarise(v as Record<string, unknown>) : String(v);
        return `${fmt(o.old_value)} → ${fmt(o.new_value)}`;
      }
      return summarise(o);
    }
  } catch {
    /* plain text */
  }
  return details;
}

function summarise(o: Record<string, unknown>): string {
  return Object.entries(o)
    .filter(([, v]) => v == null || typeof v !== 'object')
    .slice(0, 4)
    .map(([k, v]) => `${k}: ${v ?? '—'}`)
    .join(', ');
}

const ACTION_LABELS: Record<string, string> = {
  LOGIN: 'Entrada no sistema',
  LOGOUT: 'Saída do sistema',
  LOGIN_FAILED: 'Tentativa de acesso recusada',
  PASSWORD_CHANGE: 'Alteração de senha',
  PASSWORD_RESET: 'Redefinição de senha',
  EXPORT_REQUEST: 'Exportação solicitada',
  IMPORT_REQUEST: 'Importação solicitada',
};
const VERBS: Record<string, string> = {
  CREATE: 'Criação',
  UPDATE: 'Alteração',
  DELETE: 'Exclusão',
  RESET: 'Restauração',
  UNLOCK: 'Desbloqueio',
  REORDER: 'Reordenação',
  START: 'Início',
  SUCCESS: 'Conclusão',
  FAIL: 'Falha',
  CANCEL: 'Cancelamento',
};
const ENTITY_LABELS: Record<string, string> = {
  User: 'Usuário',
  Sector: 'Setor',
  Local: 'Local',
  Customization: 'Personalização',
  Job: 'Arquivo',
  Municipality: 'Município',
  Patrimonio: 'Bem',
  Imovel: 'Imóvel',
  Inventario: 'Inventário',
  Sync: 'Sincronização',
};

/** 'SECTOR_CREATE' → 'Criação'; 'LOGIN' → 'Entrada no sistema'; unknown actions as they are. */
export function actionLabel(stored: string): string {
  const action = isClientAudit(stored) ? stored.slice(CLIENT_AUDIT_PREFIX.length) : stored;
  if (ACTION_LABELS[action]) return ACTION_LABELS[action];
  const verb = action.split('_').pop() ?? action;
  return VERBS[verb] ?? action;
}

export function entityLabel(entityType: string): string {
  return ENTITY_LABELS[entityType] ?? entityType;
}
