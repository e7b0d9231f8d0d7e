import { sql } from 'drizzle-orm';
import type {
  EstadoInventario,
  InventarioItem,
  InventarioListItem,
  InventarioOcorrencia,
  InventarioResumo,
  InventarioResumoLocal,
  ItemStatus,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { isoOf, ITEM_COLUMNS, rowsOf } from './presenters';
import { countsByCounter, countsByStatus, findInventario, listItemById } from './queries';

/** Values of the items: expected (all), found (counted) and missing (not found), decimal strings. */
async function valores(tx: Db, id: number): Promise<InventarioResumo['valores']> {
  const [v] = rowsOf<InventarioResumo['valores']>(
    await tx.execute(sql`select coalesce(sum(valor_aquisicao), 0)::text as esperado,
      coalesce(sum(valor_aquisicao) filter (where status <> 'not_found'), 0)::text as encontrado,
      coalesce(sum(valor_aquisicao) filter (where status = 'not_found'), 0)::text as faltante
      from inventario_items where inventario_id = ${id}`),
  );
  return v;
}

async function ocorrencias(tx: Db, id: number): Promise<InventarioOcorrencia[]> {
  return rowsOf(
    await tx.execute(sql`select scanned_number as numero, result as resultado, read_by_name as "lidoPorNome",
      ${sql.raw(isoOf('read_at'))} as "lidoEm", note as nota from inventario_readings
      where inventario_id = ${id} and result in ('nao_inventariado', 'nao_cadastrado') order by seq`),
  );
}

/** GET /api/inventarios/:id/resumo: counts and values by status and location, conditions, counters, occurrences. */
export async function getResumo(tx: Db, scope: TenantScope, viewerId: number, id: number): Promise<InventarioResumo> {
  await findInventario(tx, scope, viewerId, id);
  const inventario = await listItemById(tx, id);
  const porLocal = rowsOf<InventarioResumoLocal>(
    await tx.execute(sql`select local_id as "localId", max(local_name) as "localNome", count(*)::int as esperados,
      count(*) filter (where status <> 'not_found')::int as encontrados,
      count(*) filter (where status = 'local_divergente')::int as divergentes,
      count(*) filter (where status = 'not_found')::int as faltantes,
      coalesce(sum(valor_aquisicao), 0)::text as "valorEsperado",
      coalesce(sum(valor_aquisicao) filter (where status <> 'not_found'), 0)::text as "valorEncontrado"
      from inventario_items where inventario_id = ${id}
      group by local_id order by max(local_name) nulls last, local_id`),
  );
  const porEstado = rowsOf<{ estado: EstadoInventario | null; n: number }>(
    await tx.execute(sql`select condition as estado, count(*)::int as n from inventario_items
      where inventario_id = ${id} and status <> 'not_found' group by condition order by condition nulls last`),
  );
  return {
    inventario,
    porStatus: await countsByStatus(tx, id),
    porLocal,
    porEstado,
    porContador: await countsByCounter(tx, id),
    ocorrencias: await ocorrencias(tx, id),
    valores: await valores(tx, id),
  };
}

/** The inventory report (the document the law asks for): what the print job renders. */
export interface InventarioReport {
  inventario: InventarioListItem & { municipio: string; finalizedByNome: string | null };
  /** Commission members, by name (each gets a signature line). */
  comissao: { id: number | null; name: string }[];
  /** Every item, by registered location then number; `valor` is the book value. */
  itens: InventarioItem[];
  ocorrencias: InventarioOcorrencia[];
  totais: {
    esperados: number;
    encontrados: number;
    divergentes: number;
    faltantes: number;
    valorEsperado: string;
    valorEncontrado: string;
    valorFaltante: string;
  };
  porStatus: Record<ItemStatus, number>;
}

/**
 * The whole report of one inventory the viewer sees (404 otherwise): header, commission, items with
 * registered vs found location, condition, book value and outcome, occurrences and totals.
 * Used by the print job (`jobs/`), inside the job's read under the requester's scope.
 */
export async function loadInventarioReport(
  tx: Db,
  scope: TenantScope,
  id: number,
  viewerId = 0,
): Promise<InventarioReport> {
  // A job acts for a requester already allowed (viewerId 0 = no commission match: the scope decides).
  await findInventario(tx, scope, viewerId, id);
  const item = await listItemById(tx, id);
  const [extra] = rowsOf<{ municipio: string; finalizedByNome: string | null }>(
    await tx.execute(sql`select m.name as municipio, i.finalized_by_name as "finalizedByNome"
      from inventarios i join municipalities m on m.id = i.municipality_id where i.id = ${id}`),
  );
  const itens = rowsOf<InventarioItem>(
    await tx.execute(sql`select ${ITEM_COLUMNS} from inventario_items it where it.inventario_id = ${id}
      order by it.local_name nulls last, it.numero_patrimonio, it.id`),
  );
  const porStatus = await countsByStatus(tx, id);
  const v = await valores(tx, id);
  return {
    inventario: { ...item, ...extra },
    comissao: item.comissao,
    itens,
    ocorrencias: await ocorrencias(tx, id),
    totais: {
      esperados: itens.length,
      encontrados: porStatus.found + porStatus.local_divergente,
      divergentes: porStatus.local_divergente,
      faltantes: porStatus.not_found,
      valorEsperado: v.esperado,
      valorEncontrado: v.encontrado,
      valorFaltante: v.faltante,
    },
    porStatus,
  };
}
