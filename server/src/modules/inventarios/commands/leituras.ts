import { sql } from 'drizzle-orm';
import {
  INVENTARIO_MSG,
  room,
  type InventarioItem,
  type LeituraInput,
  type LeituraResult,
  type LeituraResultado,
  type LeiturasResponse,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { badRequest, conflict, HttpError } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { ITEM_COLUMNS, rowsOf } from '../presenters';
import { findInventario } from '../queries';

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const ints = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The message of a reading's outcome. */
export function leituraMessage(r: LeituraResultado, numero: string, item?: Pick<InventarioItem, 'localNome'>): string {
  if (r === 'local_divergente') return INVENTARIO_MSG.leitura.local_divergente(numero, item?.localNome ?? null);
  return INVENTARIO_MSG.leitura[r](numero);
}

/** The locations named by the batch, all of the inventory's sector (400 otherwise). */
async function locationsOf(tx: Db, sectorId: number, leituras: LeituraInput[]): Promise<Map<number, string>> {
  const ids = [...new Set(leituras.map((l) => l.localId).filter((x): x is number => x != null))];
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from locais where sector_id = ${sectorId} and id in (${ints(ids)})`),
  );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const bad = leituras.findIndex((l) => l.localId != null && !names.has(l.localId));
  if (bad >= 0)
    throw badRequest(INVENTARIO_MSG.localNotInSector, { [`leituras.${bad}.localId`]: INVENTARIO_MSG.localNotInSector });
  return names;
}

interface Resolved {
  id: string;
  resultado: LeituraResultado;
  itemId: number | null;
  patrimonioId: number | null;
}

/**
 * POST /api/inventarios/:id/leituras — one transaction per batch. Each reading is applied once by its
 * client id (`INSERT … ON CONFLICT DO NOTHING` on (inventario, client id): a retry, a replayed offline
 * batch or the same id sent by two requests at once gets the first result). An item is counted by the
 * first reading that claims it: its row is locked (`FOR UPDATE`, in id order, so batches never
 * deadlock) only while still `not_found` — a reading that finds it claimed is 'duplicada'. The
 * inventory row is held `FOR KEY SHARE`: batches run side by side and a finalize waits for them.
 */
export async function applyLeituras(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  viewerId: number,
  id: number,
  input: LeituraInput[],
): Promise<LeiturasResponse> {
  const m = scope.municipalityId;
  const head = await findInventario(tx, scope, viewerId, id, 'key share');
  if (head.status === 'completed') throw conflict(INVENTARIO_MSG.completed);
  if (scope.sectorIds && !head.member) throw new HttpError(403, 'FORBIDDEN', INVENTARIO_MSG.notInComissao);
  const locais = await locationsOf(tx, head.sectorId, input);
  const actor = { id: out.actor?.id ?? null, name: out.actor?.name ?? null };

  // A client id twice in one batch is one reading (the first).
  const byId = new Map<string, LeituraInput>();
  for (const l of input) if (!byId.has(l.id)) byId.set(l.id, l);
  const unique = [...byId.values()];
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`with v as (
        -- seq in the batch's order (the reading log's order); rows inserted in client-id order, so two
        -- requests carrying the same ids wait for each other instead of deadlocking
        select v.*, nextval(pg_get_serial_sequence('inventario_readings', 'seq')) as seq
          from jsonb_to_recordset(${json(
            unique.map((l) => ({
              id: l.id,
              numero: l.numero,
              local_id: l.localId ?? null,
              local_nome: l.localId != null ? locais.get(l.localId) : null,
              estado: l.estado ?? null,
              nota: l.nota ?? null,
              lido_em: l.lidoEm,
            })),
          )}) as v(id text, numero text, local_id int, local_nome text, estado text, nota text, lido_em text))
      insert into inventario_readings (seq, municipality_id, inventario_id, client_id, scanned_number, local_id,
        local_name, condition, note, read_by_id, read_by_name, read_at)
      select v.seq, ${m}, ${id}, v.id::uuid, v.numero, v.local_id, v.local_nome, v.estado, v.nota, ${actor.id},
             ${actor.name}, v.lido_em::timestamptz
        from v order by v.id
      on conflict (inventario_id, client_id) do nothing
      returning client_id::text as id`),
  );
  const fresh = unique.filter((l) => inserted.some((r) => r.id === l.id));
  const resolved = await resolve(tx, m, id, fresh, actor);
  const found = resolved.filter((r) => r.resultado === 'found').length;
  const divergent = resolved.filter((r) => r.resultado === 'local_divergente').length;

  // Every reading of the request, in its order: the new ones as just resolved, the others as first stored.
  const stored = rowsOf<InventarioItem & { leitura: string; resultado: LeituraResultado; numeroLido: string }>(
    await tx.execute(sql`select l.client_id::text as leitura, l.result as resultado, l.scanned_number as "numeroLido",
      ${ITEM_COLUMNS} from inventario_readings l left join inventario_items it on it.id = l.item_id
      where l.inventario_id = ${id} and l.client_id in (${sql.join(
        unique.map((l) => sql`${l.id}::uuid`),
        sql`, `,
      )})`),
  );
  const results = new Map<string, LeituraResult>();
  for (const { leitura, resultado, numeroLido, ...row } of stored) {
    const item = row.id != null ? (row as InventarioItem) : undefined;
    results.set(leitura, {
      id: leitura,
      resultado,
      ...(item ? { item } : {}),
      message: leituraMessage(resultado, numeroLido, item),
    });
  }
  const resultados = input.map((l) => results.get(l.id)!);
  if (!fresh.length) return { resultados };

  const tally = (r: LeituraResultado) => resolved.filter((x) => x.resultado === r).length;
  await record(tx, out, {
    action: 'INVENTARIO_LEITURAS',
    entityType: 'Inventario',
    entityId: id,
    label: head.title,
    details: {
      new_value: {
        leituras: fresh.length,
        encontrados: found,
        divergentes: divergent,
        duplicadas: tally('duplicada'),
        nao_inventariados: tally('nao_inventariado'),
        nao_cadastrados: tally('nao_cadastrado'),
      },
    },
  });
  // Last statement before the commit: the inventory's counters (the row lock other batches wait for
  // is held the shortest possible time).
  const [counts] = rowsOf<{ encontrados: number; totalItens: number }>(
    await tx.execute(
      found + divergent
        ? sql`update inventarios set found_count = found_count + ${found + divergent},
            divergent_count = divergent_count + ${divergent} where id = ${id}
            returning found_count as encontrados, total_items as "totalItens"`
        : sql`select found_count as encontrados, total_items as "totalItens" from inventarios where id = ${id}`,
    ),
  );
  out.emit(room.inventario(id), 'inventario.leituras', {
    inventarioId: id,
    resultados: fresh.map((l) => {
      const r = results.get(l.id)!;
      return {
        id: r.id,
        numero: l.numero,
        resultado: r.resultado,
        item: r.item,
        lidoPorNome: actor.name ?? '',
        lidoEm: l.lidoEm,
      };
    }),
    encontrados: counts.encontrados,
    totalItens: counts.totalItens,
  });
  return { resultados };
}

/**
 * The outcome of each new reading, written on it; claims the items first read here. The items the batch
 * names are locked in id order (`FOR UPDATE` re-reads a row another batch just changed), then, in one
 * statement, those still `not_found` are claimed by their first reading and every new reading gets its
 * outcome ('duplicada' when its item was not claimed by it).
 */
async function resolve(
  tx: Db,
  m: number,
  id: number,
  fresh: LeituraInput[],
  actor: { id: number | null; name: string | null },
): Promise<Resolved[]> {
  if (!fresh.length) return [];
  const numeros = [...new Set(fresh.map((l) => l.numero))];
  const texts = (list: string[]) =>
    sql.join(
      list.map((n) => sql`${n}`),
      sql`, `,
    );
  const itemRows = rowsOf<{ id: number; numero: string; patrimonioId: number | null; status: string }>(
    await tx.execute(sql`select id, numero_patrimonio as numero, patrimonio_id as "patrimonioId", status
      from inventario_items where inventario_id = ${id} and numero_patrimonio in (${texts(numeros)})
      order by id for update`),
  );
  const itemOf = new Map(itemRows.map((r) => [r.numero, r]));
  const others = numeros.filter((n) => !itemOf.has(n));
  const assetOf = new Map<string, number>();
  if (others.length) {
    const rows = rowsOf<{ id: number; numero: string }>(
      await tx.execute(sql`select id, numero_patrimonio as numero from patrimonios where municipality_id = ${m}
        and numero_patrimonio in (${texts(others)})`),
    );
    for (const r of rows) assetOf.set(r.numero, r.id);
  }
  // The first reading of each item still not found in this batch claims it.
  const claimant = new Map<number, LeituraInput>();
  for (const l of fresh) {
    const it = itemOf.get(l.numero);
    if (it && it.status === 'not_found' && !claimant.has(it.id)) claimant.set(it.id, l);
  }
  const rows = fresh.map((l) => {
    const it = itemOf.get(l.numero);
    const asset = assetOf.get(l.numero);
    return {
      id: l.id,
      item_id: it?.id ?? null,
      patrimonio_id: it ? it.patrimonioId : (asset ?? null),
      claims: !!it && claimant.get(it.id) === l,
      otherwise: it ? 'duplicada' : asset ? 'nao_inventariado' : 'nao_cadastrado',
      local_id: l.localId ?? null,
      estado: l.estado ?? null,
      nota: l.nota ?? null,
      lido_em: l.lidoEm,
    };
  });
  // Explicit id lists: the joins below stay index probes whatever the planner thinks of fresh tables.
  const claimIds = claimant.size ? ints([...claimant.keys()]) : sql`null`;
  const clientIds = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const marked = rowsOf<{ id: string; resultado: LeituraResultado }>(
    await tx.execute(sql`with v as (
        select * from jsonb_to_recordset(${json(rows)}) as v(id text, item_id int, patrimonio_id int, claims boolean,
          otherwise text, local_id int, estado text, nota text, lido_em text)),
      claimed as (
        update inventario_items it set
            status = case when v.local_id is not null and it.local_id is not null and v.local_id <> it.local_id
                          then 'local_divergente' else 'found' end,
            found_local_id = coalesce(v.local_id, it.local_id),
            found_local_name = case when v.local_id is null then it.local_name else l.name end,
            condition = v.estado, note = v.nota, read_by_id = ${actor.id}, read_by_name = ${actor.name},
            read_at = v.lido_em::timestamptz, reading_id = v.id::uuid
          from v left join locais l on l.id = v.local_id
         where v.claims and it.id = v.item_id and it.status = 'not_found' and it.id in (${claimIds})
        returning it.id, it.status)
      update inventario_readings r set result = coalesce(c.status, v.otherwise), item_id = v.item_id,
          patrimonio_id = v.patrimonio_id
        from v left join claimed c on v.claims and c.id = v.item_id
       where r.inventario_id = ${id} and r.client_id = v.id::uuid and r.client_id in (${clientIds})
      returning r.client_id::text as id, r.result as resultado`),
  );
  const outcome = new Map(marked.map((r) => [r.id, r.resultado]));
  return rows.map((r) => ({
    id: r.id,
    resultado: outcome.get(r.id)!,
    itemId: r.item_id,
    patrimonioId: r.patrimonio_id,
  }));
}
