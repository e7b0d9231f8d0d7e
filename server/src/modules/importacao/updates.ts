import { and, inArray, sql } from 'drizzle-orm';
import {
  ESTADO_CONSERVACAO_LABELS,
  HISTORICO_ACTIONS,
  IMPORTACAO_FIELD_LABELS,
  PATRIMONIO_STATUS_LABELS,
  formatDate,
  formatMoney,
  type ImportacaoAtualizacao,
  type PatrimonioStatus,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonios } from '../../db/schema';
import type { Outbox } from '../../db/tx';
import { recordMany } from '../audit';
import { acompanharEdicao, autorDe } from '../contabilidade';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { addHistory, assetChanged } from '../patrimonios';
import { foldHeader as fold } from '../../spreadsheet/import';
import type { AssetRow } from './asset-row';

/**
 * Re-import (issue 35): a row whose number is already in the register updates that asset. The fields a
 * register carries are compared (description, value, date, quantity, notes, type, form, place within the
 * same sector, status, conservation state); the sector is never changed here — moving an asset is a
 * transfer's job (holds, terms). Each change: version + 1, a history line, a PATRIMONIO_UPDATE audit row.
 */

export type Existing = typeof patrimonios.$inferSelect;

/** The comparable values of an asset, by import field: as stored and as shown. */
interface Side {
  descricao: string;
  valor: string;
  data: string | null;
  quantidade: number;
  observacoes: string | null;
  tipo: string | null;
  forma: string | null;
  local: string | null;
  status: string;
  estado: string | null;
}

const sideOf = (r: Existing): Side => ({
  descricao: r.descricaoBem,
  valor: r.valorAquisicao,
  data: r.dataAquisicao,
  quantidade: r.quantidade,
  observacoes: r.observacoes,
  tipo: r.tipoNome,
  forma: r.formaNome,
  local: r.localNome,
  status: r.doado ? 'doado' : r.status,
  estado: r.estadoConservacao,
});

const shown = (field: keyof Side, v: string | number | null): string => {
  if (v == null || v === '') return '(vazio)';
  if (field === 'valor') return formatMoney(String(v), { plainSpace: true });
  if (field === 'data') return formatDate(String(v));
  if (field === 'status')
    return v === 'doado' ? 'Doado' : (PATRIMONIO_STATUS_LABELS[v as PatrimonioStatus] ?? String(v));
  if (field === 'estado') return ESTADO_CONSERVACAO_LABELS[v as keyof typeof ESTADO_CONSERVACAO_LABELS] ?? String(v);
  return String(v);
};

const same = (field: keyof Side, a: string | number | null, b: string | number | null) => {
  if (field === 'valor') return Number(a ?? 0) === Number(b ?? 0);
  if (field === 'quantidade') return Number(a) === Number(b);
  return fold(String(a ?? '').trim()) === fold(String(b ?? '').trim());
};

/**
 * What an update would change: each field whose new value (undefined: the file does not say) differs.
 * Used by the analysis' preview (the file's texts) and the commit (the resolved rows).
 */
export function diffAsset(old: Existing, next: Partial<Side>): ImportacaoAtualizacao['changes'] {
  const before = sideOf(old);
  const out: ImportacaoAtualizacao['changes'] = [];
  for (const field of Object.keys(before) as Array<keyof Side>) {
    const v = next[field];
    if (v === undefined || same(field, before[field], v)) continue;
    out.push({ field, label: IMPORTACAO_FIELD_LABELS[field], old: shown(field, before[field]), new: shown(field, v) });
  }
  return out;
}

/** The assets of these numbers (locked when `lock`), by number. */
export async function existingByNumber(tx: Db, scope: TenantScope, numeros: string[], lock = false) {
  if (!numeros.length) return new Map<string, Existing>();
  const q = tx
    .select()
    .from(patrimonios)
    .where(and(ofTenant(patrimonios, scope), inArray(patrimonios.numeroPatrimonio, numeros)));
  const rows = await (lock ? q.for('update') : q);
  return new Map(rows.map((r) => [r.numeroPatrimonio, r]));
}

/** The side of a built row (its resolved names); its place only when it stays in the asset's sector. */
function nextOf(old: Existing, r: AssetRow): Partial<Side> {
  const v = r.values;
  return {
    descricao: v.descricaoBem,
    valor: v.valorAquisicao ?? '0',
    data: v.dataAquisicao ?? null,
    quantidade: v.quantidade ?? 1,
    observacoes: v.observacoes ?? null,
    tipo: v.tipoNome ?? null,
    forma: v.formaNome ?? null,
    local: v.sectorId === old.sectorId ? (v.localNome ?? null) : undefined,
    status: v.doado ? 'doado' : (v.status ?? 'ativo'),
    estado: v.estadoConservacao ?? null,
  };
}

/** Applies the updates of these rows to their existing assets; the number of assets changed. */
export async function applyUpdates(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  rows: Array<{ row: AssetRow; old: Existing }>,
): Promise<number> {
  const changes: Parameters<typeof recordMany>[2][number][] = [];
  const history: Parameters<typeof addHistory>[2] = [];
  for (const { row, old } of rows) {
    const diff = diffAsset(old, nextOf(old, row));
    const v = row.values;
    const customChanged = Object.entries(v.customFields ?? {}).some(
      ([k, x]) => JSON.stringify((old.customFields as Record<string, unknown>)?.[k]) !== JSON.stringify(x),
    );
    if (!diff.length && !customChanged) continue;
    const stays = v.sectorId === old.sectorId;
    const [updated] = await tx
      .update(patrimonios)
      .set({
        descricaoBem: v.descricaoBem,
        valorAquisicao: v.valorAquisicao,
        dataAquisicao: v.dataAquisicao,
        quantidade: v.quantidade,
        observacoes: v.observacoes,
        tipoId: v.tipoId,
        tipoNome: v.tipoNome,
        formaAquisicaoId: v.formaAquisicaoId,
        formaNome: v.formaNome,
        ...(stays ? { localId: v.localId, localNome: v.localNome } : {}),
        status: v.status,
        doado: v.doado,
        estadoConservacao: v.estadoConservacao,
        customFields: sql`${patrimonios.customFields} || ${JSON.stringify(v.customFields ?? {})}::jsonb`,
        version: sql`${patrimonios.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${patrimonios.id} = ${old.id}`)
      .returning();
    await acompanharEdicao(tx, scope, autorDe(out), old.id, old, updated);
    const text = diff.map((c) => `${c.label}: ${c.old} → ${c.new}`).join('; ');
    history.push({
      patrimonioId: old.id,
      action: HISTORICO_ACTIONS.updated,
      details: `Atualizado por reimportação do cadastro${text ? `: ${text}` : ''}.`.slice(0, 2000),
    });
    changes.push({
      entry: {
        action: 'PATRIMONIO_UPDATE',
        entityType: 'Patrimonio',
        entityId: old.id,
        label: old.numeroPatrimonio,
        sectorId: old.sectorId,
        details: {
          old_value: {
            numero_patrimonio: old.numeroPatrimonio,
            ...Object.fromEntries(diff.map((c) => [c.field, c.old])),
          },
          new_value: { origem: 'importacao', ...Object.fromEntries(diff.map((c) => [c.field, c.new])) },
        },
      },
      events: assetChanged(updated),
    });
  }
  await addHistory(tx, out, history, scope.municipalityId);
  if (changes.length) await recordMany(tx, out, changes);
  return changes.length;
}
