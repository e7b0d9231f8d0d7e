import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMOVEL_FIELD_MSG,
  IMOVEL_MSG,
  type Imovel,
  type ImovelField,
  type ImovelList,
  type ImovelListItem,
  type LiveEvent,
} from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newSector, newTenant, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
const as = async (u: TestUser) => client(s.url, await u.token());
const body = (extra: Record<string, unknown> = {}) => ({
  denominacao: 'Escola Municipal Monteiro Lobato',
  endereco: 'Rua das Flores, 100',
  area_construida: '1250.5',
  situacao: 'proprio',
  utilizacao: 'Escola',
  sectorId: A.sector.id,
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

describe('imóveis: CRUD per role and municipality', () => {
  it('creates with a number from its own sequence, reads, updates with history, deletes', async () => {
    const admin = await as(A.users.admin);
    const created = await admin<Imovel>('POST', '/api/imoveis', body({ customFields: { cartorio: '1º Ofício' } }));
    expect(created.status).toBe(201);
    const im = created.body;
    expect(im.numero_patrimonio).toMatch(/IM\d{6}$/);
    expect(im.area_construida).toBe('1250.50');
    expect(im.setor_responsavel).toBe(A.sector.name);
    expect(im.customFields).toEqual({ cartorio: '1º Ofício' });
    expect(im.historico[0].action).toBe('Cadastro');
    // The asset numbering is untouched: imóveis count on their own counter.
    const seqs = await ownerQuery<{ sector_code: string }>(
      s,
      'select sector_code from numbering_sequences where municipality_id = $1',
      [A.id],
    );
    expect(seqs.map((r) => r.sector_code)).toContain('~IM');
    const second = await admin<Imovel>('POST', '/api/imoveis', body({ denominacao: 'Praça Central' }));
    expect(Number(second.body.numero_patrimonio.slice(-6))).toBe(Number(im.numero_patrimonio.slice(-6)) + 1);

    const got = await admin<Imovel>('GET', `/api/imoveis/${im.id}`);
    expect(got.status).toBe(200);
    expect(got.body.denominacao).toBe('Escola Municipal Monteiro Lobato');

    const upd = await admin<Imovel>('PUT', `/api/imoveis/${im.id}`, {
      version: im.version,
      area_construida: 1300,
      situacao: 'cedido',
    });
    expect(upd.status).toBe(200);
    expect(upd.body.version).toBe(im.version + 1);
    expect(upd.body.historico[0].action).toBe('Alteração');
    expect(upd.body.historico[0].details).toContain('Área construída (m²): 1250.50 → 1300.00');
    expect(upd.body.historico[0].details).toContain('Situação: Próprio → Cedido');

    // 409 on a stale version, nothing changed.
    const stale = await admin('PUT', `/api/imoveis/${im.id}`, { version: im.version, denominacao: 'Outra' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(IMOVEL_MSG.stale);

    const audit = await ownerQuery<{ action: string }>(
      s,
      "select action from audit_logs where entity_type = 'Imovel' and entity_id = $1 order by id",
      [String(im.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['IMOVEL_CREATE', 'IMOVEL_UPDATE']);

    expect((await admin('DELETE', `/api/imoveis/${second.body.id}`)).status).toBe(204);
    expect((await admin('GET', `/api/imoveis/${second.body.id}`)).status).toBe(404);
  });

  it('concurrent creations get distinct consecutive numbers; a typed number ahead is skipped', async () => {
    const m = await newTenant(s);
    const admin = await as(m.users.admin);
    const first = (await admin<Imovel>('POST', '/api/imoveis', { denominacao: 'P0', endereco: 'R' })).body;
    const next = (k: number) =>
      first.numero_patrimonio.slice(0, -6) + String(Number(first.numero_patrimonio.slice(-6)) + k).padStart(6, '0');
    // A user types the number the counter would issue next: the counter goes past it.
    expect(
      (await admin('POST', '/api/imoveis', { denominacao: 'Typed', endereco: 'R', numero_patrimonio: next(1) })).status,
    ).toBe(201);
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin<Imovel>('POST', '/api/imoveis', { denominacao: `P${i + 1}`, endereco: 'R' }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers = made.map((r) => r.body.numero_patrimonio).sort();
    expect(numbers).toEqual([2, 3, 4, 5, 6, 7].map(next));
  });

  it('a typed number is kept when free and refused (409) when taken', async () => {
    const admin = await as(A.users.admin);
    const a = await admin<Imovel>('POST', '/api/imoveis', body({ numero_patrimonio: 'IMV-0001' }));
    expect(a.status).toBe(201);
    expect(a.body.numero_patrimonio).toBe('IMV-0001');
    const b = await admin('POST', '/api/imoveis', body({ numero_patrimonio: 'IMV-0001' }));
    expect(b.status).toBe(409);
    expect(b.body.error.message).toBe(IMOVEL_MSG.numeroTaken);
  });

  it('roles: visualizador reads only; usuario writes only in its sectors; delete is admin/supervisor', async () => {
    const admin = await as(A.users.admin);
    const other = await newSector(s, A.id);
    const mine = (await admin<Imovel>('POST', '/api/imoveis', body())).body;
    const theirs = (await admin<Imovel>('POST', '/api/imoveis', body({ sectorId: other.id }))).body;

    const viewer = await as(A.users.visualizador);
    expect((await viewer('GET', `/api/imoveis/${theirs.id}`)).status).toBe(200);
    expect((await viewer('POST', '/api/imoveis', body())).status).toBe(403);
    expect((await viewer('PUT', `/api/imoveis/${mine.id}`, { version: mine.version, denominacao: 'X' })).status).toBe(
      403,
    );

    const usuario = await as(A.users.usuario);
    expect((await usuario('GET', `/api/imoveis/${theirs.id}`)).status).toBe(200);
    const list = await usuario<ImovelList>('GET', '/api/imoveis?pageSize=100');
    expect(list.body.imoveis.map((i) => i.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await usuario('POST', '/api/imoveis', body())).status).toBe(201);
    const outside = await usuario('POST', '/api/imoveis', body({ sectorId: other.id }));
    expect(outside.status).toBe(403);
    expect(outside.body.error.message).toBe(IMOVEL_MSG.notYourSector);
    expect(
      (await usuario('PUT', `/api/imoveis/${theirs.id}`, { version: theirs.version, denominacao: 'X' })).status,
    ).toBe(403);
    expect(
      (await usuario('PUT', `/api/imoveis/${mine.id}`, { version: mine.version, sectorId: other.id })).status,
    ).toBe(403);
    const ok = await usuario<Imovel>('PUT', `/api/imoveis/${mine.id}`, { version: mine.version, bairro: 'Centro' });
    expect(ok.status).toBe(200);
    expect((await usuario('DELETE', `/api/imoveis/${mine.id}`)).status).toBe(403);
    const supervisor = await as(A.users.supervisor);
    expect((await supervisor('DELETE', `/api/imoveis/${mine.id}`)).status).toBe(204);
  });

  it("another municipality's property is 404 for every verb", async () => {
    const adminB = await as(B.users.admin);
    const im = (await adminB<Imovel>('POST', '/api/imoveis', body({ sectorId: B.sector.id }))).body;
    const admin = await as(A.users.admin);
    expect((await admin('GET', `/api/imoveis/${im.id}`)).status).toBe(404);
    expect((await admin('PUT', `/api/imoveis/${im.id}`, { version: im.version, denominacao: 'X' })).status).toBe(404);
    expect((await admin('DELETE', `/api/imoveis/${im.id}`)).status).toBe(404);
    const list = await admin<ImovelList>('GET', '/api/imoveis?pageSize=100');
    expect(list.body.imoveis.some((i) => i.id === im.id)).toBe(false);
    // A sector of B cannot be referenced either.
    const bad = await admin('POST', '/api/imoveis', body({ sectorId: B.sector.id }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(IMOVEL_MSG.sectorNotFound);
  });
});

describe('imóveis: validation', () => {
  it('negative area, bad coordinates and missing denominação are 400 in pt-BR, nothing stored', async () => {
    const admin = await as(A.users.admin);
    const before = await admin<ImovelList>('GET', '/api/imoveis');
    const neg = await admin('POST', '/api/imoveis', body({ area_terreno: '-10' }));
    expect(neg.status).toBe(400);
    expect(neg.body.error.fields.area_terreno).toBe('A área do terreno não pode ser negativa.');
    const lat = await admin('POST', '/api/imoveis', body({ latitude: 91, longitude: -46.6 }));
    expect(lat.status).toBe(400);
    expect(lat.body.error.fields.latitude).toMatch(/Latitude inválida/);
    const lon = await admin('POST', '/api/imoveis', body({ latitude: -23.55, longitude: -181 }));
    expect(lon.status).toBe(400);
    expect(lon.body.error.fields.longitude).toMatch(/Longitude inválida/);
    const noName = await admin('POST', '/api/imoveis', body({ denominacao: '' }));
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields.denominacao).toBe('Denominação é obrigatória.');
    const after = await admin<ImovelList>('GET', '/api/imoveis');
    expect(after.body.total).toBe(before.body.total);
    const good = await admin<Imovel>('POST', '/api/imoveis', body({ latitude: '-23.550520', longitude: -46.633308 }));
    expect(good.body.latitude).toBe('-23.550520');
  });

  it('list: quick search (number prefix, folded denominação), filters, sort and paging', async () => {
    const m = await newTenant(s);
    const admin = await as(m.users.admin);
    const mk = (denominacao: string, extra: Record<string, unknown> = {}) =>
      admin<Imovel>('POST', '/api/imoveis', { denominacao, endereco: 'Rua A', sectorId: m.sector.id, ...extra });
    await mk('Unidade de Saúde São João', { situacao: 'alugado', bairro: 'Centro', utilizacao: 'Unidade de saúde' });
    await mk('Praça da Matriz', { bairro: 'Centro', utilizacao: 'Praça', area_construida: 10 });
    await mk('Terreno Vago Norte', { situacao: 'desapropriado', area_construida: 500 });
    const q = async (qs: string) => (await admin<ImovelList>('GET', `/api/imoveis?${qs}`)).body;
    expect((await q('q=SAUDE sao')).imoveis.map((i) => i.denominacao)).toEqual(['Unidade de Saúde São João']);
    expect((await q('bairro=Centro')).total).toBe(2);
    expect((await q('situacao=alugado')).imoveis).toHaveLength(1);
    expect((await q('utilizacao=Praça')).imoveis[0].denominacao).toBe('Praça da Matriz');
    const all = await q('sort=denominacao&order=asc&pageSize=2&page=2');
    expect(all.total).toBe(3);
    expect(all.imoveis.map((i) => i.denominacao)).toEqual(['Unidade de Saúde São João']);
    const byNumber = await q(`q=${encodeURIComponent(all.imoveis[0].numero_patrimonio.slice(0, 6))}`);
    expect(byNumber.total).toBe(3);
    expect((await admin('GET', '/api/imoveis?sort=nada')).status).toBe(400);
    expect((await admin('GET', '/api/imoveis?situacao=vendido')).status).toBe(400);
  });

  it('deep pages (seek anchors) equal plain OFFSET pages in every order; totals follow every write', async () => {
    const m = await newTenant(s);
    const admin = await as(m.users.admin);
    // 2,300 properties, a third without area (empty values sort last ascending, first descending).
    await ownerQuery(
      s,
      `insert into imoveis (municipality_id, numero_patrimonio, denominacao, endereco, area_construida)
       select $1, 'DP' || lpad(g::text, 5, '0'), 'Imóvel ' || (g % 97), 'Rua ' || g,
              case when g % 3 = 0 then null else (g % 50) end
       from generate_series(1, 2300) g`,
      [m.id],
    );
    const ids = async (qs: string) =>
      (await admin<ImovelList>('GET', `/api/imoveis?${qs}`)).body.imoveis.map((i) => i.id);
    const plain = async (order: string, offset: number) =>
      (
        await ownerQuery<{ id: number }>(
          s,
          `select id from imoveis where municipality_id = $1 order by ${order} limit 25 offset ${offset}`,
          [m.id],
        )
      ).map((r) => r.id);
    for (const [sort, dir, order] of [
      ['denominacao', 'asc', 'denominacao asc, id asc'],
      ['area_construida', 'asc', 'area_construida asc, id asc'],
      ['area_construida', 'desc', 'area_construida desc, id desc'],
    ] as const) {
      for (const page of [41, 61, 80, 92]) {
        // Twice: the first page past an anchor builds the anchors, the second reads from them.
        expect(await ids(`sort=${sort}&order=${dir}&page=${page}`)).toEqual(await plain(order, (page - 1) * 25));
        expect(await ids(`sort=${sort}&order=${dir}&page=${page}`)).toEqual(await plain(order, (page - 1) * 25));
      }
    }
    const total = async () => (await admin<ImovelList>('GET', '/api/imoveis?pageSize=1')).body.total;
    expect(await total()).toBe(2300);
    const created = await admin<Imovel>('POST', '/api/imoveis', { denominacao: 'Nova', endereco: 'Rua B' });
    expect(await total()).toBe(2301);
    // A write outside the API (plain SQL) moves the version too.
    await ownerQuery(s, `delete from imoveis where municipality_id = $1 and numero_patrimonio like 'DP0000%'`, [m.id]);
    expect(await total()).toBe(2292);
    expect((await admin('DELETE', `/api/imoveis/${created.body.id}`)).status).toBe(204);
    expect(await total()).toBe(2291);
    expect(await ids('sort=denominacao&order=asc&page=80')).toEqual(await plain('denominacao asc, id asc', 79 * 25));
  });
});

describe('imóvel fields', () => {
  it('seeded defaults; custom type errors and required name the field; system delete 409', async () => {
    const admin = await as(A.users.admin);
    const list = await admin<{ fields: ImovelField[] }>('GET', '/api/imovel-fields');
    expect(list.body.fields.map((f) => f.key)).toEqual(['denominacao', 'endereco', 'matricula_imovel', 'cartorio']);
    const system = list.body.fields.find((f) => f.key === 'denominacao')!;
    const del = await admin('DELETE', `/api/imovel-fields/${system.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(IMOVEL_FIELD_MSG.systemDelete);
    const retype = await admin('PUT', `/api/imovel-fields/${system.id}`, { version: system.version, type: 'NUMBER' });
    expect(retype.status).toBe(409);
    expect((await admin('PUT', `/api/imovel-fields/${system.id}`, { version: 0, key: 'x' })).status).toBe(400);

    const num = await admin<ImovelField>('POST', '/api/imovel-fields', {
      label: 'Número de Salas',
      type: 'NUMBER',
      required: true,
    });
    expect(num.status).toBe(201);
    expect(num.body.key).toBe('numero_de_salas');
    expect(
      (await admin('POST', '/api/imovel-fields', { label: 'Outro', key: 'numero_de_salas', type: 'TEXT' })).status,
    ).toBe(409);
    expect(
      (await admin('POST', '/api/imovel-fields', { label: 'Área', key: 'area_construida', type: 'TEXT' })).status,
    ).toBe(400);

    const missing = await admin('POST', '/api/imoveis', body());
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Número de Salas é obrigatório.');
    expect(missing.body.error.fields['customFields.numero_de_salas']).toBe('Número de Salas é obrigatório.');
    const wrongType = await admin('POST', '/api/imoveis', body({ customFields: { numero_de_salas: 'muitas' } }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toBe('Valor inválido para Número de Salas.');
    const ok = await admin<Imovel>('POST', '/api/imoveis', body({ customFields: { numero_de_salas: '12' } }));
    expect(ok.status).toBe(201);
    expect(ok.body.customFields.numero_de_salas).toBe(12);

    // Non-managers cannot touch fields.
    const usuario = await as(A.users.usuario);
    expect((await usuario('POST', '/api/imovel-fields', { label: 'X', type: 'TEXT' })).status).toBe(403);
    expect((await usuario('GET', '/api/imovel-fields')).status).toBe(200);

    // Reorder (all ids once), then delete the custom field: its stored values go.
    const ids = (await admin<{ fields: ImovelField[] }>('GET', '/api/imovel-fields')).body.fields.map((f) => f.id);
    const re = await admin<{ fields: ImovelField[] }>('PUT', '/api/imovel-fields/reorder', { ids: [...ids].reverse() });
    expect(re.body.fields.map((f) => f.id)).toEqual([...ids].reverse());
    expect((await admin('PUT', '/api/imovel-fields/reorder', { ids: ids.slice(1) })).status).toBe(400);
    expect((await admin('DELETE', `/api/imovel-fields/${num.body.id}`)).status).toBe(204);
    const after = await admin<Imovel>('GET', `/api/imoveis/${ok.body.id}`);
    expect(after.body.customFields).not.toHaveProperty('numero_de_salas');
    // Another municipality's field: 404.
    const adminB = await as(B.users.admin);
    expect((await adminB('DELETE', `/api/imovel-fields/${ids[2]}`)).status).toBe(404);
  });
});

describe('imóveis: live events', () => {
  it('a second user of the municipality gets created/updated/deleted; another municipality does not', async () => {
    const m = await newTenant(s);
    const other = await newTenant(s);
    const viewer = await s.socket(await m.users.visualizador.token());
    const stranger = await s.socket(await other.users.admin.token());
    let leaked = false;
    stranger.on('imovel.created', () => (leaked = true));
    const admin = await as(m.users.admin);
    const created = nextEvent<LiveEvent<ImovelListItem>>(viewer, 'imovel.created');
    const im = (
      await admin<Imovel>('POST', '/api/imoveis', { denominacao: 'Ginásio', endereco: 'Av. B', sectorId: m.sector.id })
    ).body;
    expect((await created).data).toMatchObject({ id: im.id, denominacao: 'Ginásio' });
    const updated = nextEvent<LiveEvent<ImovelListItem>>(viewer, 'imovel.updated');
    await admin('PUT', `/api/imoveis/${im.id}`, { version: im.version, denominacao: 'Ginásio Poliesportivo' });
    expect((await updated).data).toMatchObject({
      id: im.id,
      denominacao: 'Ginásio Poliesportivo',
      version: im.version + 1,
    });
    const field = nextEvent<LiveEvent<{ action: string }>>(viewer, 'imovel_field.changed');
    await admin('POST', '/api/imovel-fields', { label: 'Zona', type: 'TEXT' });
    expect((await field).data.action).toBe('created');
    const deleted = nextEvent<LiveEvent<{ id: number }>>(viewer, 'imovel.deleted');
    await admin('DELETE', `/api/imoveis/${im.id}`);
    expect((await deleted).data).toEqual({ id: im.id });
    expect(leaked).toBe(false);
  });
});

describe('imóveis: global search (Ctrl+K)', () => {
  it("finds a property by number or folded words, only in the caller's municipality", async () => {
    const m = await newTenant(s);
    const admin = await as(m.users.admin);
    const im = (
      await admin<Imovel>('POST', '/api/imoveis', {
        denominacao: 'Centro Cultural Zumbi dos Palmares',
        endereco: 'Rua Z, 9',
        bairro: 'Vila Nova',
      })
    ).body;
    await (
      await as(B.users.admin)
    )('POST', '/api/imoveis', { denominacao: 'Centro Cultural Zumbi B', endereco: 'R' });
    type Busca = {
      groups: Array<{ kind: string; items: Array<{ id: string; label: string; sublabel: string; href: string }> }>;
    };
    const byWords = (await admin<Busca>('GET', `/api/busca?q=${encodeURIComponent('zumbi cultural')}`)).body;
    const g = byWords.groups.find((x) => x.kind === 'imoveis')!;
    expect(g.items).toEqual([
      {
        id: String(im.id),
        label: `${im.numero_patrimonio} — Centro Cultural Zumbi dos Palmares`,
        sublabel: 'Rua Z, 9 · Vila Nova',
        href: `/imoveis/ver/${im.id}`,
      },
    ]);
    const byNumber = (await admin<Busca>('GET', `/api/busca?q=${im.numero_patrimonio}`)).body;
    expect(byNumber.groups.find((x) => x.kind === 'imoveis')!.items[0].id).toBe(String(im.id));
  });
});
