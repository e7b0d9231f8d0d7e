import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATRIMONIO_BULK_MSG,
  PATRIMONIO_MSG,
  type LiveEvent,
  type PatrimonioListItem,
  type PatrimonioRemoved,
} from '@tombo/shared';
import {
  newCatalogRow,
  newEmprestimo,
  newLocal,
  newPatrimonio,
  newSector,
  newTenant,
  newTipoBem,
  newUser,
  ownerQuery,
  type TestLocal,
  type TestSector,
  type TestTenant,
  type TestTipoBem,
  type TestUser,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

/** PATCH /api/patrimonios: the bulk edit by ids or by filter, its refusals, and its live events (issue 34.2). */
let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let other: TestSector;
let otherLocal: TestLocal;
let tipo: TestTipoBem;
let novoTipo: TestTipoBem;

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
  other = await newSector(s, A.id);
  otherLocal = await newLocal(s, other);
  tipo = await newTipoBem(s, A.id);
  novoTipo = await newTipoBem(s, A.id);
});
afterAll(() => s?.close());

const as = async (u: TestUser) => client(s.url, await u.token());
let tagSeq = 0;
const newTag = () => `Lote${Date.now().toString(36)}x${tagSeq++}`;

/** `n` assets of A (of `sector`, with its local when it is A's first sector), typed, described with `tag`. */
async function bens(n: number, tag = newTag(), sector: TestSector = A.sector) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const localId = sector.id === A.sector.id ? A.local.id : undefined;
    const p = await newPatrimonio(s, {
      municipalityId: sector.municipalityId,
      sectorId: sector.id,
      localId,
      descricao: `${tag} ${i}`,
    });
    await s.owner.query('update patrimonios set tipo_id = $2, tipo_nome = $3 where id = $1', [
      p.id,
      tipo.id,
      tipo.name,
    ]);
    made.push(p);
  }
  return made;
}
const sel = async (ids: number[]) => (await state(ids)).rows.map((r) => ({ id: r.id, version: r.version }));

interface AssetState {
  id: number;
  version: number;
  sector_id: number;
  local_id: number | null;
  tipo_id: number | null;
  status: string;
  observacoes: string | null;
  custom_fields: Record<string, unknown>;
}
/** The rows, their history lines and their audit rows: what "nothing written" compares. */
async function state(ids: number[]) {
  const rows = await ownerQuery<AssetState>(
    s,
    `select id, version, sector_id, local_id, tipo_id, status, observacoes, custom_fields
       from patrimonios where id = any($1::int[]) order by id`,
    [ids],
  );
  const history = await ownerQuery<{ patrimonio_id: number; action: string; details: string; user_name: string }>(
    s,
    'select patrimonio_id, action, details, user_name from patrimonio_historico where patrimonio_id = any($1::int[]) order by id',
    [ids],
  );
  const audit = await ownerQuery<{ entity_id: string; action: string; details: string; sector_id: number }>(
    s,
    `select entity_id, action, details, sector_id from audit_logs
      where entity_type = 'Patrimonio' and entity_id = any($1::text[]) order by id`,
    [ids.map(String)],
  );
  return { rows, history, audit };
}

/** Collects `patrimonio.updated` events on a socket until every id has one (or fails after 5 s). */
function updates(socket: Awaited<ReturnType<TestServer['socket']>>, ids: number[]) {
  const got = new Map<number, PatrimonioListItem | PatrimonioRemoved>();
  return new Promise<typeof got>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`events for ${ids.filter((id) => !got.has(id))}`)), 5000);
    socket.on('patrimonio.updated', (e: LiveEvent<PatrimonioListItem | PatrimonioRemoved>) => {
      if (ids.includes(e.data.id)) got.set(e.data.id, e.data);
      if (ids.every((id) => got.has(id))) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });
}

describe('by ids', () => {
  it('changes each asset once (version + 1, a history line per field, one audit row), live to another user', async () => {
    const [a, b, same] = await bens(3);
    await s.owner.query(
      `update patrimonios set status = 'em_uso', observacoes = 'Conferido', tipo_id = $2, tipo_nome = $3 where id = $1`,
      [same.id, novoTipo.id, novoTipo.name],
    );
    const ids = [a.id, b.id, same.id];
    const before = await state(ids);
    const watcher = await s.socket(await A.users.supervisor.token());
    const live = updates(watcher, [a.id, b.id]);
    const res = await (
      await as(A.users.admin)
    )('PATCH', '/api/patrimonios', {
      ids: await sel(ids),
      campos: { status: 'em_uso', observacoes: 'Conferido', tipoId: novoTipo.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ atualizados: 2, ids: [a.id, b.id], recusados: [] });
    const after = await state(ids);
    expect(after.rows.map((r) => r.version)).toEqual(before.rows.map((r, i) => r.version + (i < 2 ? 1 : 0)));
    expect(after.rows[0]).toMatchObject({ status: 'em_uso', observacoes: 'Conferido', tipo_id: novoTipo.id });
    const lines = after.history.filter((h) => h.patrimonio_id === a.id);
    expect(lines.map((h) => `${h.action}|${h.details}`)).toEqual([
      `Alteração|Tipo: '${tipo.name}' → '${novoTipo.name}'`,
      "Alteração de status|Status: 'Ativo' → 'Em uso'",
      "Alteração|Observações: — → 'Conferido'",
    ]);
    expect(lines.every((h) => h.user_name === A.users.admin.name)).toBe(true);
    expect(after.history.filter((h) => h.patrimonio_id === same.id)).toEqual(
      before.history.filter((h) => h.patrimonio_id === same.id),
    );
    expect(after.audit.map((x) => [x.entity_id, x.action])).toEqual([
      [String(a.id), 'PATRIMONIO_UPDATE'],
      [String(b.id), 'PATRIMONIO_UPDATE'],
    ]);
    expect(JSON.parse(after.audit[0].details)).toEqual({
      old_value: { numero_patrimonio: a.numero, tipo: tipo.name, status: 'ativo', observacoes: null },
      new_value: { tipo: novoTipo.name, status: 'em_uso', observacoes: 'Conferido' },
    });
    const events = await live;
    expect(events.get(a.id)).toMatchObject({ status: 'em_uso', tipoId: novoTipo.id, version: after.rows[0].version });
  });

  it('custom fields: only the keys given change', async () => {
    const field = await newCatalogRow(s, A.id, 'asset_form_fields');
    const [key] = (
      await ownerQuery<{ key: string }>(s, 'select key from asset_form_fields where id = $1', [field.id])
    ).map((r) => r.key);
    const [p] = await bens(1);
    await s.owner.query(`update patrimonios set custom_fields = '{"antigo": "fica"}' where id = $1`, [p.id]);
    const res = await (
      await as(A.users.admin)
    )('PATCH', '/api/patrimonios', {
      ids: await sel([p.id]),
      campos: { customFields: { [key]: 'Dell' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await state([p.id])).rows[0].custom_fields).toEqual({ antigo: 'fica', [key]: 'Dell' });
  });
});

describe('by filter', () => {
  it('moves what the filter matches (the history of a move), live: the old sector loses them, the new one sees them', async () => {
    const tag = newTag();
    const list = await bens(3, tag);
    const ids = list.map((p) => p.id);
    const before = await state(ids);
    const leaving = await s.socket(await A.users.usuario.token());
    const arriving = await s.socket(
      await (await newUser(s, { municipalityId: A.id, role: 'usuario', sectorIds: [other.id] })).token(),
    );
    const lost = updates(leaving, ids);
    const seen = updates(arriving, ids);
    const res = await (
      await as(A.users.supervisor)
    )('PATCH', '/api/patrimonios', {
      filtro: { q: tag, status: 'ativo,em_uso' },
      esperado: 3,
      campos: { sectorId: other.id, localId: otherLocal.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.atualizados).toBe(3);
    const after = await state(ids);
    expect(after.rows.map((r) => [r.sector_id, r.local_id, r.version])).toEqual(
      before.rows.map((r) => [other.id, otherLocal.id, r.version + 1]),
    );
    expect(after.history.filter((h) => h.patrimonio_id === ids[0]).map((h) => `${h.action}|${h.details}`)).toEqual([
      `Movimentação|Setor: '${A.sector.name}' → '${other.name}'`,
      `Movimentação|Local: '${A.local.name}' → '${otherLocal.name}'`,
    ]);
    expect(after.audit).toHaveLength(3);
    expect(after.audit[0].sector_id).toBe(other.id);
    for (const e of (await lost).values()) expect(e).toEqual({ id: e.id, removed: true });
    for (const e of (await seen).values()) expect(e).toMatchObject({ sectorId: other.id, localId: otherLocal.id });
  });

  it('a new sector without a local drops the old local; a usuario filter reaches only its own sectors', async () => {
    const tag = newTag();
    const mine = await bens(2, tag);
    const theirs = await bens(1, tag, other);
    const usuario = await as(A.users.usuario);
    const wrongCount = await usuario('PATCH', '/api/patrimonios', {
      filtro: { q: tag },
      esperado: 3,
      campos: { status: 'ocioso' },
    });
    expect(wrongCount.status).toBe(409);
    expect(wrongCount.body.error.details).toEqual({ esperado: 3, atual: 2 });
    const ok = await usuario('PATCH', '/api/patrimonios', {
      filtro: { q: tag },
      esperado: 2,
      campos: { status: 'ocioso' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await state(theirs.map((p) => p.id))).rows[0].status).toBe('ativo');
    const moved = await (
      await as(A.users.admin)
    )('PATCH', '/api/patrimonios', {
      ids: await sel(mine.map((p) => p.id)),
      campos: { sectorId: other.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await state(mine.map((p) => p.id))).rows.map((r) => [r.sector_id, r.local_id])).toEqual([
      [other.id, null],
      [other.id, null],
    ]);
  });
});

/** Calls the bulk edit and checks it was refused with `status` and changed nothing of `ids`. */
async function refused(u: TestUser, body: unknown, status: number, ids: number[]) {
  const before = await state(ids);
  const res = await (await as(u))('PATCH', '/api/patrimonios', body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(await state(ids), 'nothing written').toEqual(before);
  return res.body.error as { code: string; message: string; fields?: Record<string, string>; details?: any };
}

describe('refused as a whole (nothing written)', () => {
  it('400: an empty selection, a filter matching nothing, no field, a write-off, both sources', async () => {
    const [p] = await bens(1);
    const admin = A.users.admin;
    expect((await refused(admin, { ids: [], campos: { status: 'ocioso' } }, 400, [p.id])).message).toBe(
      PATRIMONIO_BULK_MSG.empty,
    );
    const none = await refused(admin, { filtro: { q: 'nada-disso' }, esperado: 0, campos: { status: 'ocioso' } }, 400, [
      p.id,
    ]);
    expect(none.message).toBe(PATRIMONIO_BULK_MSG.noMatch);
    const ids = await sel([p.id]);
    expect((await refused(admin, { ids, campos: {} }, 400, [p.id])).message).toBe(PATRIMONIO_BULK_MSG.noField);
    expect((await refused(admin, { ids, campos: { status: 'baixado' } }, 400, [p.id])).fields).toHaveProperty(
      'campos.status',
    );
    await refused(admin, { ids, filtro: {}, esperado: 1, campos: { status: 'ocioso' } }, 400, [p.id]);
    await refused(admin, { filtro: {}, campos: { status: 'ocioso' } }, 400, [p.id]);
    await refused(admin, { ids, campos: { status: 'ocioso', numero_patrimonio: 'X' } }, 400, [p.id]);
  });

  it('403: a visualizador; a usuario moving assets to a sector not its own (naming the field)', async () => {
    const [p] = await bens(1);
    const ids = await sel([p.id]);
    await refused(A.users.visualizador, { ids, campos: { status: 'ocioso' } }, 403, [p.id]);
    const e = await refused(A.users.usuario, { ids, campos: { sectorId: other.id } }, 403, [p.id]);
    expect(e.fields).toEqual({ sectorId: PATRIMONIO_MSG.notYourSector });
  });

  it("404: another municipality's id, or another sector's for a usuario", async () => {
    const [p] = await bens(1);
    const [elsewhere] = await bens(1, newTag(), other);
    const ids = await sel([p.id, A.asset.id]);
    const foreign = { id: B.asset.id, version: 0 };
    await refused(A.users.admin, { ids: [...ids, foreign], campos: { status: 'ocioso' } }, 404, [p.id, B.asset.id]);
    await refused(B.users.admin, { ids, campos: { status: 'ocioso' } }, 404, [p.id]);
    const own = [...ids, ...(await sel([elsewhere.id]))];
    await refused(A.users.usuario, { ids: own, campos: { status: 'ocioso' } }, 404, [p.id, elsewhere.id]);
  });

  it('409: a stale version (with the ids); 413: more than the limit (with it)', async () => {
    const list = await bens(3);
    const ids = await sel(list.map((p) => p.id));
    ids[1] = { ...ids[1], version: ids[1].version + 7 };
    const stale = await refused(
      A.users.admin,
      { ids, campos: { status: 'ocioso' } },
      409,
      list.map((p) => p.id),
    );
    expect(stale.details).toEqual({ ids: [list[1].id] });
    const many = Array.from({ length: 10_001 }, (_, i) => ({ id: i + 1, version: 0 }));
    const big = await refused(A.users.admin, { ids: many, campos: { status: 'ocioso' } }, 413, [list[0].id]);
    expect(big).toMatchObject({ code: 'TOO_LARGE', details: { limite: 10_000 } });
  });
});

describe('the per-asset rules (the single edit’s)', () => {
  it('422 with the refused (a lent asset to another sector, a pending transfer moved); "ignorar" applies the rest', async () => {
    const [free, lent, pending] = await bens(3);
    await newEmprestimo(s, lent);
    await s.owner.query('update patrimonios set transferencia_pendente = true where id = $1', [pending.id]);
    const all = [free.id, lent.id, pending.id];
    const body = async () => ({ ids: await sel(all), campos: { sectorId: other.id, localId: otherLocal.id } });
    const e = await refused(A.users.admin, await body(), 422, all);
    expect(e.details.recusados).toEqual([
      { id: lent.id, numero_patrimonio: lent.numero, motivo: PATRIMONIO_MSG.lentMove },
      { id: pending.id, numero_patrimonio: pending.numero, motivo: PATRIMONIO_MSG.pendingTransferMove },
    ]);
    const before = await state([lent.id, pending.id]);
    const res = await (
      await as(A.users.admin)
    )('PATCH', '/api/patrimonios', { ...(await body()), recusados: 'ignorar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ atualizados: 1, ids: [free.id], recusados: e.details.recusados });
    expect((await state([free.id])).rows[0].sector_id).toBe(other.id);
    expect(await state([lent.id, pending.id])).toEqual(before);
  });

  it('the same rules as the single edit: a lent asset keeps its sector there too; other fields still change', async () => {
    const [lent] = await bens(1);
    await newEmprestimo(s, lent);
    const admin = await as(A.users.admin);
    const [{ version }] = await sel([lent.id]);
    const put = await admin('PUT', `/api/patrimonios/${lent.id}`, { sectorId: other.id, version });
    expect(put.status).toBe(409);
    expect(put.body.error.message).toBe(PATRIMONIO_MSG.lentMove);
    const local = await admin('PATCH', '/api/patrimonios', { ids: await sel([lent.id]), campos: { status: 'em_uso' } });
    expect(local.status, JSON.stringify(local.body)).toBe(200);
  });

  it('a local of another sector, a required type missing: refused per asset', async () => {
    const [inA] = await bens(1);
    const [typed, untyped] = await bens(2, newTag(), other);
    await s.owner.query('update patrimonios set tipo_id = null, tipo_nome = null where id = $1', [untyped.id]);
    const all = [inA.id, typed.id, untyped.id];
    const campos = { localId: otherLocal.id };
    const e = await refused(A.users.admin, { ids: await sel(all), campos }, 422, all);
    expect(e.details.recusados.map((r: { id: number; motivo: string }) => [r.id, r.motivo])).toEqual([
      [inA.id, PATRIMONIO_MSG.localOtherSector],
      [untyped.id, PATRIMONIO_MSG.tipoRequired],
    ]);
    const res = await (
      await as(A.users.admin)
    )('PATCH', '/api/patrimonios', {
      ids: await sel(all),
      campos,
      recusados: 'ignorar',
    });
    expect(res.body).toMatchObject({ atualizados: 1, ids: [typed.id] });
  });
});
