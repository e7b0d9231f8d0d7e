import { sql, type SQL } from 'drizzle-orm';
import type { InventarioItem, InventarioLeitura, InventarioListItem } from '@tombo/shared';

/** Raw rows of `tx.execute` (the same shape with node-postgres and PGlite). */
export { rowsOf } from '../../db/rows';

/** A timestamptz as an ISO string in SQL (both drivers answer the same text). */
export const isoOf = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of `InventarioListItem`, from `inventarios i` (commission as a JSON array, by name). */
export const LIST_COLUMNS =
  sql.raw(`i.id, i.title, i.description, i.tipo, i.sector_id as "sectorId", i.setor_nome as setor,
  i.scope, i.location_type as "locationType", i.specific_location_id as "specificLocationId", i.local_nome as local,
  to_char(i.data_inicio, 'YYYY-MM-DD') as "dataInicio", i.status, ${isoOf('i.finalized_at')} as "finalizedAt",
  i.total_itens as "totalItens", i.encontrados, i.divergentes, i.created_by_name as "createdByNome", i.version,
  coalesce((select json_agg(json_build_object('id', c.user_id, 'name', c.user_name) order by c.user_name, c.id)
              from inventario_comissao c where c.inventario_id = i.id), '[]'::json) as comissao`);

/** The columns of `InventarioItem`, from `inventario_itens it`. */
export const ITEM_COLUMNS = sql.raw(`it.id, it.patrimonio_id as "patrimonioId", it.numero_patrimonio, it.descricao_bem,
  it.local_id as "localId", it.local_nome as "localNome", it.status, it.local_encontrado_id as "localEncontradoId",
  it.local_encontrado_nome as "localEncontradoNome", it.estado, it.nota, it.lido_por_nome as "lidoPorNome",
  ${isoOf('it.lido_em')} as "lidoEm", it.valor::text as valor`);

/** The columns of `InventarioLeitura`, from `inventario_leituras l` left-joined to `inventario_itens it`. */
export const LEITURA_COLUMNS = sql.raw(`l.client_id::text as id, l.seq::text as seq, l.numero, l.resultado,
  l.patrimonio_id as "patrimonioId", it.descricao_bem, l.local_id as "localId", l.local_nome as "localNome", l.estado,
  l.nota, l.lido_por_id as "lidoPorId", l.lido_por_nome as "lidoPorNome", ${isoOf('l.lido_em')} as "lidoEm",
  ${isoOf('l.recebido_em')} as "recebidoEm"`);

export const toListItem = (r: InventarioListItem): InventarioListItem => ({
  ...r,
  comissao: typeof r.comissao === 'string' ? JSON.parse(r.comissao) : r.comissao,
});
export const toItem = (r: InventarioItem): InventarioItem => r;
export const toLeitura = (r: InventarioLeitura): InventarioLeitura => r;

/** A LIKE pattern matching `text` anywhere, its wildcards escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `sql` joined by commas. */
export const list = (parts: SQL[]) => sql.join(parts, sql`, `);
