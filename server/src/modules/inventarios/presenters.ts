import { sql, type SQL } from 'drizzle-orm';
import type { InventarioItem, InventarioLeitura, InventarioListItem } from '@tombo/shared';

/** Raw rows of `tx.execute` (the same shape with node-postgres and PGlite). */
export { rowsOf } from '../../db/rows';

/** A timestamptz as an ISO string in SQL (both drivers answer the same text). */
export const isoOf = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of `InventarioListItem`, from `inventarios i` (commission as a JSON array, by name). */
export const LIST_COLUMNS =
  sql.raw(`i.id, i.title, i.description, i.kind as tipo, i.sector_id as "sectorId", i.sector_name as setor,
  i.scope, i.location_type as "locationType", i.specific_location_id as "specificLocationId", i.local_name as local,
  to_char(i.start_date, 'YYYY-MM-DD') as "dataInicio", i.status, ${isoOf('i.finalized_at')} as "finalizedAt",
  i.total_items as "totalItens", i.found_count as encontrados, i.divergent_count as divergentes,
  i.created_by_name as "createdByNome", i.version,
  coalesce((select json_agg(json_build_object('id', c.user_id, 'name', c.user_name) order by c.user_name, c.id)
              from inventario_comissao c where c.inventario_id = i.id), '[]'::json) as comissao`);

/** The columns of `InventarioItem`, from `inventario_items it`. */
export const ITEM_COLUMNS = sql.raw(`it.id, it.patrimonio_id as "patrimonioId", it.numero_patrimonio, it.descricao_bem,
  it.local_id as "localId", it.local_name as "localNome", it.status, it.found_local_id as "localEncontradoId",
  it.found_local_name as "localEncontradoNome", it.condition as estado, it.note as nota,
  it.read_by_name as "lidoPorNome", ${isoOf('it.read_at')} as "lidoEm", it.valor_aquisicao::text as valor`);

/** The columns of `InventarioLeitura`, from `inventario_readings l` left-joined to `inventario_items it`. */
export const LEITURA_COLUMNS = sql.raw(`l.client_id::text as id, l.seq::text as seq, l.scanned_number as numero,
  l.result as resultado, l.patrimonio_id as "patrimonioId", it.descricao_bem, l.local_id as "localId",
  l.local_name as "localNome", l.condition as estado, l.note as nota, l.read_by_id as "lidoPorId",
  l.read_by_name as "lidoPorNome", ${isoOf('l.read_at')} as "lidoEm", ${isoOf('l.received_at')} as "recebidoEm"`);

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
