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
import { liveEvent, record, type Outbox } from '../../../db/tx';
import { badRequest, conflict, HttpError } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { ITEM_COLUMNS, rowsOf } from '../presenters';
import { findInventario, inComissao } from '../queries';

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

async function itemsByIds(tx: Db, ids: number[]): Promise<Map<number, InventarioItem>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<InventarioItem>(
    await tx.execute(sql`select ${ITEM_COLUMNS} from inventario_itens it where it.id in (${ints(ids)})`),
  );
  return new Map(rows.map((r) => [r.id, r]));
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
  if (scope.sectorIds && !(await inComissao(tx, id, viewerId)))
    throw new HttpError(403, 'FORBIDDEN', INVENTARIO_MSG.notInComissao);
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
        select v.*, nextval(pg_get_serial_sequence('inventario_leituras', 'seq')) as seq
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
      insert into inventario_leituras (seq, municipality_id, inventario_id, client_id, numero, local_id, local_nome, estado,
        nota, lido_por_id, lido_por_nome, lido_em)
      select v.seq, ${m}, ${id}, v.id::uuid, v.numero, v.local_id, v.local_nome, v.estado, v.nota, ${actor.id},
             ${actor.name}, v.lido_em::timestamptz
        from v order by v.id
      on conflict (inventario_id, client_id) do nothing
      returning client_id::text as id`),
  );
  const fresh = unique.filter((l) => inserted.some((r) => r.id === l.id));
  const resolved = await resolve(tx, m, id, fresh, actor);
  if (resolved.length) {
    await tx.execute(sql`update inventario_leituras l set resultado = v.resultado, item_id = v.item_id,
        patrimonio_id = v.patrimonio_id
      from jsonb_to_recordset(${json(
        resolved.map((r) => ({ id: r.id, resultado: r.resultado, item_id: r.itemId, patrimonio_id: r.patrimonioId })),
      )}) as v(id text, resultado text, item_id int, patrimonio_id int)
      where l.inventario_id = ${id} and l.client_id = v.id::uuid`);
  }
  const found = resolved.filter((r) => r.resultado === 'found').length;
  const divergent = resolved.filter((r) => r.resultado === 'local_divergente').length;
  const [counts] = rowsOf<{ encontrados: number; totalItens: number }>(
    await tx.execute(
      found + divergent
        ? sql`update inventarios set encontrados = encontrados + ${found + divergent},
            divergentes = divergentes + ${divergent} where id = ${id}
            returning encontrados, total_itens as "totalItens"`
        : sql`select encontrados, total_itens as "totalItens" from inventarios where id = ${id}`,
    ),
  );

  // Every reading of the request, in its order: the new ones as just resolved, the others as first stored.
  const stored = rowsOf<{ id: string; resultado: LeituraResultado; itemId: number | null; numero: string }>(
    await tx.execute(sql`select client_id::text as id, resultado, item_id as "itemId", numero from inventario_leituras
      where inventario_id = ${id} and client_id in (${sql.join(
        unique.map((l) => sql`${l.id}::uuid`),
        sql`, `,
      )})`),
  );
  const storedById = new Map(stored.map((r) => [r.id, r]));
  const items = await itemsByIds(tx, [...new Set(stored.map((r) => r.itemId).filter((x): x is number => x != null))]);
  const resultOf = (clientId: string): LeituraResult => {
    const r = storedById.get(clientId)!;
    const item = r.itemId != null ? items.get(r.itemId) : undefined;
    return {
      id: clientId,
      resultado: r.resultado,
      ...(item ? { item } : {}),
      message: leituraMessage(r.resultado, r.numero, item),
    };
  };
  const resultados = input.map((l) => resultOf(l.id));

  if (fresh.length) {
    const tally = (r: LeituraResultado) => resolved.filter((x) => x.resultado === r).length;
    await record(
      tx,
      out,
      {
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
      },
      liveEvent(room.inventario(id), 'inventario.leituras', {
        inventarioId: id,
        resultados: fresh.map((l) => {
          const r = resultOf(l.id);
          return { id: r.id, resultado: r.resultado, item: r.item, lidoPorNome: actor.name ?? '', lidoEm: l.lidoEm };
        }),
        encontrados: counts.encontrados,
        totalItens: counts.totalItens,
      }),
    );
  }
  return { resultados };
}

/** The outcome of each new reading; claims the items first read here. */
async function resolve(
  tx: Db,
  m: number,
  id: number,
  fresh: LeituraInput[],
  actor: { id: number | null; name: string | null },
): Promise<Resolved[]> {
  if (!fresh.length) return [];
  const numeros = [...new Set(fresh.map((l) => l.numero))];
  const list = sql.join(
    numeros.map((n) => sql`${n}`),
    sql`, `,
  );
  const itemRows = rowsOf<{ id: number; numero: string; patrimonioId: number | null }>(
    await tx.execute(sql`select id, numero_patrimonio as numero, patrimonio_id as "patrimonioId" from inventario_itens
      where inventario_id = ${id} and numero_patrimonio in (${list})`),
  );
  const itemOf = new Map(itemRows.map((r) => [r.numero, r]));
  const others = numeros.filter((n) => !itemOf.has(n));
  const assetOf = new Map<string, number>();
  if (others.length) {
    const rows = rowsOf<{ id: number; numero: string }>(
      await tx.execute(sql`select id, numero_patrimonio as numero from patrimonios where municipality_id = ${m}
        and numero_patrimonio in (${sql.join(
          others.map((n) => sql`${n}`),
          sql`, `,
        )})`),
    );
    for (const r of rows) assetOf.set(r.numero, r.id);
  }
  // The first reading of each item in this batch may claim it.
  const claimant = new Map<number, LeituraInput>();
  for (const l of fresh) {
    const it = itemOf.get(l.numero);
    if (it && !claimant.has(it.id)) claimant.set(it.id, l);
  }
  const claimed = new Map<number, string>();
  if (claimant.size) {
    const lockable = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from inventario_itens where id in (${ints([...claimant.keys()])})
        and status = 'not_found' order by id for update`),
    );
    if (lockable.length) {
      const rows = rowsOf<{ id: number; status: string }>(
        await tx.execute(sql`update inventario_itens it set
            status = case when v.local_id is not null and it.local_id is not null and v.local_id <> it.local_id
                          then 'local_divergente' else 'found' end,
            local_encontrado_id = coalesce(v.local_id, it.local_id),
            local_encontrado_nome = case when v.local_id is null then it.local_nome else l.name end,
            estado = v.estado, nota = v.nota, lido_por_id = ${actor.id}, lido_por_nome = ${actor.name},
            lido_em = v.lido_em::timestamptz, leitura_id = v.client_id::uuid
          from jsonb_to_recordset(${json(
            lockable.map((r) => {
              const l = claimant.get(r.id)!;
              return {
                item_id: r.id,
                client_id: l.id,
                local_id: l.localId ?? null,
                estado: l.estado ?? null,
                nota: l.nota ?? null,
                lido_em: l.lidoEm,
              };
            }),
          )}) as v(item_id int, client_id text, local_id int, estado text, nota text, lido_em text)
          left join locais l on l.id = v.local_id
          where it.id = v.item_id and it.status = 'not_found'
          returning it.id, it.status`),
      );
      for (const r of rows) claimed.set(r.id, r.status);
    }
  }
  return fresh.map((l) => {
    const it = itemOf.get(l.numero);
    if (it) {
      const mine = claimant.get(it.id) === l && claimed.has(it.id);
      return {
        id: l.id,
        resultado: mine ? (claimed.get(it.id) as LeituraResultado) : 'duplicada',
        itemId: it.id,
        patrimonioId: it.patrimonioId,
      };
    }
    const asset = assetOf.get(l.numero);
    return {
      id: l.id,
      resultado: asset ? 'nao_inventariado' : 'nao_cadastrado',
      itemId: null,
      patrimonioId: asset ?? null,
    };
  });
}
