import { SITUACAO_IMOVEL_LABELS, type ImovelField, type SituacaoImovel } from '@tombo/shared';
import type { Db } from '../../db/client';
import { imovelHistorico } from '../../db/schema';
import type { Outbox } from '../../db/tx';
import type { ImovelRow } from './presenters';

/** Appends history lines to a property, signed by the change's author. */
export async function addImovelHistory(
  tx: Db,
  out: Outbox,
  row: Pick<ImovelRow, 'id' | 'municipalityId'>,
  lines: Array<{ action: string; details: string }>,
): Promise<void> {
  if (!lines.length) return;
  await tx.insert(imovelHistorico).values(
    lines.map((l) => ({
      ...l,
      imovelId: row.id,
      municipalityId: row.municipalityId,
      userId: out.actor?.id ?? null,
      userName: out.actor?.name ?? null,
    })),
  );
}

/** Columns shown in the history, with their pt-BR names. */
const LABELS: Array<[keyof ImovelRow, string]> = [
  ['numeroPatrimonio', 'Nº patrimônio'],
  ['denominacao', 'Denominação'],
  ['endereco', 'Endereço'],
  ['cep', 'CEP'],
  ['bairro', 'Bairro'],
  ['cidade', 'Cidade'],
  ['uf', 'UF'],
  ['areaConstruida', 'Área construída (m²)'],
  ['areaTerreno', 'Área do terreno (m²)'],
  ['situacao', 'Situação'],
  ['utilizacao', 'Utilização'],
  ['setorNome', 'Setor responsável'],
  ['formaNome', 'Forma de aquisição'],
  ['dataAquisicao', 'Data de aquisição'],
  ['valorAquisicao', 'Valor de aquisição'],
  ['latitude', 'Latitude'],
  ['longitude', 'Longitude'],
  ['observacoes', 'Observações'],
];

const show = (key: keyof ImovelRow, v: unknown): string => {
  if (v === null || v === undefined || v === '') return '(vazio)';
  if (key === 'situacao') return SITUACAO_IMOVEL_LABELS[v as SituacaoImovel] ?? String(v);
  if (key === 'dataAquisicao') return String(v).split('-').reverse().join('/');
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  return String(v);
};
const same = (a: unknown, b: unknown) =>
  a === b || (a != null && b != null && !Number.isNaN(Number(a)) && String(a).trim() !== '' && Number(a) === Number(b));

/** Each changed field as "Campo: antigo → novo", and the audit's old/new values. */
export function describeImovelChanges(old: ImovelRow, next: ImovelRow, fields: ImovelField[]) {
  const lines: string[] = [];
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const [key, label] of LABELS) {
    if (same(old[key], next[key])) continue;
    lines.push(`${label}: ${show(key, old[key])} → ${show(key, next[key])}`);
    oldValues[key] = old[key];
    newValues[key] = next[key];
  }
  for (const f of fields.filter((x) => x.isCustom)) {
    const a = old.customFields?.[f.key] ?? null;
    const b = next.customFields?.[f.key] ?? null;
    if (a === b) continue;
    lines.push(`${f.label}: ${show('customFields', a)} → ${show('customFields', b)}`);
    oldValues[`customFields.${f.key}`] = a;
    newValues[`customFields.${f.key}`] = b;
  }
  return { lines, oldValues, newValues };
}
