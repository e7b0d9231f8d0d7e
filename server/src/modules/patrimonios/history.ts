import { sql } from 'drizzle-orm';
import { HISTORICO_ACTIONS } from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonioHistorico } from '../../db/schema';
import type { Outbox } from '../../db/tx';
import type { FieldRules } from '../form-fields';
import { dateBR, estadoLabel, moneyBR, shown, statusLabel } from './format';
import type { Row } from './presenters';
import { standardChanges, type StandardValues } from './standard';

export interface HistoryLine {
  patrimonioId: number;
  action: string;
  details: string;
}

/**
 * Appends history lines of the caller's municipality, signed by the change's author: one statement with one
 * array parameter per column however many lines (a bulk edit writes thousands).
 */
export async function addHistory(tx: Db, out: Outbox, entries: HistoryLine[], municipalityId: number): Promise<void> {
  if (!entries.length) return;
  const h = patrimonioHistorico;
  const cols = [h.patrimonioId, h.action, h.details, h.municipalityId, h.userId, h.userName].map((c) =>
    sql.identifier(c.name),
  );
  const column = <T>(pick: (e: HistoryLine) => T) => sql.param(entries.map(pick));
  await tx.execute(sql`insert into ${h} (${sql.join(cols, sql`, `)})
    select u.p, u.a, u.d, ${municipalityId}::int, ${out.actor?.id ?? null}::int, ${out.actor?.name ?? null}::text
      from unnest(${column((e) => e.patrimonioId)}::int[], ${column((e) => e.action)}::text[],
                  ${column((e) => e.details)}::text[]) as u(p, a, d)`);
}

const LABELS: Record<string, string> = {
  descricao_bem: 'Descrição',
  tipo: 'Tipo',
  setor_responsavel: 'Setor',
  local_objeto: 'Local',
  forma_aquisicao: 'Forma de aquisição',
  valor_aquisicao: 'Valor de aquisição',
  quantidade: 'Quantidade',
  data_aquisicao: 'Data de aquisição',
  status: 'Status',
  estado_conservacao: 'Estado de conservação',
  observacoes: 'Observações',
  dataEntradaServico: 'Data de entrada em serviço',
  vidaUtilMeses: 'Vida útil (meses)',
  residualPct: 'Valor residual (%)',
};

/** numeric compares as text: "10.5" and "10.50" are the same amount. */
const sameMoney = (a: string, b: string) =>
  Number(a).toFixed(2) === Number(b).toFixed(2) && a.split('.')[0] === b.split('.')[0];

/** numeric(5,2) compares as text: "10" and "10.00" are the same percentage. */
const samePct = (a: string | null, b: string | null) => (a == null || b == null ? a === b : Number(a) === Number(b));
const pctBR = (v: string) => Number(v).toFixed(2).replace('.', ',');

export interface Changes {
  history: HistoryLine[];
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
}

type Described = Pick<
  Row,
  | 'descricaoBem'
  | 'tipoNome'
  | 'setorNome'
  | 'sectorId'
  | 'localId'
  | 'localNome'
  | 'formaNome'
  | 'valorAquisicao'
  | 'quantidade'
  | 'dataAquisicao'
  | 'status'
  | 'estadoConservacao'
  | 'observacoes'
  | 'dataEntradaServico'
  | 'vidaUtilMeses'
  | 'residualPct'
>;

/** Each changed field as a history line (old → new) and as audit old/new values. */
export function describeChanges(
  id: number,
  old: Described & Pick<Row, 'customFields'> & Partial<StandardValues>,
  next: Described & Partial<StandardValues>,
  customIn: Record<string, unknown> | null,
  rules: FieldRules,
): Changes {
  const history: HistoryLine[] = [];
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  const diff = (
    key: string,
    a: unknown,
    b: unknown,
    show: (v: unknown) => string = shown,
    action: string = HISTORICO_ACTIONS.updated,
  ) => {
    if (a === b) return;
    oldValues[key] = a;
    newValues[key] = b;
    history.push({ patrimonioId: id, action, details: `${LABELS[key] ?? key}: ${show(a)} → ${show(b)}` });
  };
  diff('descricao_bem', old.descricaoBem, next.descricaoBem);
  diff('tipo', old.tipoNome, next.tipoNome);
  diff('setor_responsavel', old.setorNome, next.setorNome, shown, HISTORICO_ACTIONS.moved);
  if (old.sectorId !== next.sectorId && old.setorNome === next.setorNome)
    diff('setor_responsavel', `#${old.sectorId}`, `#${next.sectorId}`, shown, HISTORICO_ACTIONS.moved);
  diff('local_objeto', old.localNome, next.localNome, shown, HISTORICO_ACTIONS.moved);
  if (old.localId !== next.localId && old.localNome === next.localNome)
    diff('local_objeto', `#${old.localId}`, `#${next.localId}`, shown, HISTORICO_ACTIONS.moved);
  diff('forma_aquisicao', old.formaNome, next.formaNome);
  if (!sameMoney(old.valorAquisicao, next.valorAquisicao))
    diff('valor_aquisicao', old.valorAquisicao, next.valorAquisicao, (v) => moneyBR(String(v)));
  diff('quantidade', old.quantidade, next.quantidade);
  diff('data_aquisicao', old.dataAquisicao, next.dataAquisicao, (v) => (v ? dateBR(String(v)) : '—'));
  diff('status', old.status, next.status, (v) => `'${statusLabel(String(v))}'`, HISTORICO_ACTIONS.status);
  diff('estado_conservacao', old.estadoConservacao, next.estadoConservacao, (v) =>
    shown(estadoLabel(v as string | null)),
  );
  diff('observacoes', old.observacoes ?? null, next.observacoes ?? null, (v) =>
    v ? `'${String(v).slice(0, 80)}${String(v).length > 80 ? '…' : ''}'` : '—',
  );
  diff('dataEntradaServico', old.dataEntradaServico, next.dataEntradaServico, (v) => (v ? dateBR(String(v)) : '—'));
  diff('vidaUtilMeses', old.vidaUtilMeses, next.vidaUtilMeses, (v) => (v == null ? '—' : `${String(v)} meses`));
  if (!samePct(old.residualPct, next.residualPct))
    diff('residualPct', old.residualPct, next.residualPct, (v) => (v == null ? '—' : `${pctBR(String(v))} %`));
  for (const c of standardChanges(old, next)) {
    oldValues[c.key] = c.a;
    newValues[c.key] = c.b;
    history.push({ patrimonioId: id, action: HISTORICO_ACTIONS.updated, details: `${c.label}: ${c.from} → ${c.to}` });
  }
  if (customIn) {
    const labels = new Map(rules.custom.map((f) => [f.key, f.label]));
    for (const [k, v] of Object.entries(customIn)) {
      const before = (old.customFields ?? {})[k] ?? null;
      if (before === v) continue;
      oldValues[`customFields.${k}`] = before;
      newValues[`customFields.${k}`] = v;
      const details = `${labels.get(k) ?? k}: ${shown(before)} → ${shown(v)}`;
      history.push({ patrimonioId: id, action: HISTORICO_ACTIONS.updated, details });
    }
  }
  return { history, oldValues, newValues };
}
