import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATRIMONIO_MSG, type LiveEvent, type Patrimonio, type PatrimonioListItem } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { inArray } from 'drizzle-orm';
import { patrimonios } from '../../server/src/db/schema';
import { toListItem } from '../../server/src/modules/patrimonios/presenters';
import {
  newFormaAquisicao,
  newTenant,
  newTipoBem,
  newTown,
  type TestLocal,
  type TestSectorWithLocais,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

let s: TestServer;
/** Own municipality: six sectors, the usuario in AD and TI. */
let A: TestTown;
/** Another municipality. */
let B: TestTenant;
let sectors: Record<string, TestSectorWithLocais>;
let tipoId: number;
let formaId: number;
let foreignSector: { id: number };
let foreignLocal: TestLocal;
const as = async (u: TestUser) => client(s.url, await u.token());

beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  B = await newTenant(s);
  sectors = A.sectors;
  tipoId = (await newTipoBem(s, A.id, { name: 'Mobiliário Teste', usefulLifeMonths: 120 })).id;
  formaId = (await newFormaAquisicao(s, A.id, { nome: 'Compra Teste' })).id;
  foreignSector = B.sector;
  foreignLocal = B.local;
});
afterAll(async () => {
  await s?.close();
});

const localOf = (code: string) => sectors[code].locais[0];
const asset = (code = 'AD', extra: Record<string, unknown> = {}) => ({
  descricao_bem: 'Cadeira giratória',
  tipoId,
  sectorId: sectors[code].id,
  localId: localOf(code).id,
  formaAquisicaoId: formaId,
  valor_aquisicao: '1234.50',
  quantidade: 1,
  data_aquisicao: '2024-03-15',
  estado_conservacao: 'bom',
  ...extra,
});
const year = () =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));

describe('create / read / update / delete per role', () => {
  it('admin creates: the server assigns YYYY+sector code+6 digits and writes the creation history', async () => {
    const r = await (await as(A.users.admin))('POST', '/api/patrimonios', asset('ED'));
    expect(r.status).toBe(201);
    const p = r.body.patrimonio as Patrimonio;
    expect(p.numero_patrimonio).toMatch(new RegExp(`^${year()}ED\\d{6}$`));
    expect(p).toMatchObject({
      descricao_bem: 'Cadeira giratória',
      tipo: 'Mobiliário Teste',
      setor_responsavel: sectors.ED.name,
      local_objeto: localOf('ED').name,
      forma_aquisicao: 'Compra Teste',
      valor_aquisicao: '1234.50',
      quantidade: 1,
      data_aquisicao: '2024-03-15',
      status: 'ativo',
      estado_conservacao: 'bom',
      doado: false,
      transferencia_pendente: false,
      version: 0,
      fotos: [],
      documentos: [],
    });
    expect(p.historico_movimentacao).toHaveLength(1);
    expect(p.historico_movimentacao[0]).toMatchObject({ action: 'Cadastro', user: A.users.admin.name });
    const g = await (await as(A.users.visualizador))('GET', `/api/patrimonios/${p.id}`);
    expect(g.status).toBe(200);
    expect(g.body.patrimonio.numero_patrimonio).toBe(p.numero_patrimonio);
  });

  it('visualizador reads everything and changes nothing (403); no token 401', async () => {
    const admin = await as(A.users.admin);
    const p = (await admin('POST', '/api/patrimonios', asset('SA'))).body.patrimonio as Patrimonio;
    const v = await as(A.users.visualizador);
    expect((await v('GET', '/api/patrimonios')).status).toBe(200);
    expect((await v('POST', '/api/patrimonios', asset('SA'))).status).toBe(403);
    expect((await v('POST', '/api/patrimonios/lote', { ...asset('SA'), quantity: 2 })).status).toBe(403);
    expect((await v('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'X', version: p.version })).status).toBe(403);
    expect((await v('DELETE', `/api/patrimonios/${p.id}`)).status).toBe(403);
    const anon = client(s.url);
    expect((await anon('GET', '/api/patrimonios')).status).toBe(401);
    expect((await anon('GET', `/api/patrimonios/${p.id}`)).status).toBe(401);
    expect((await anon('POST', '/api/patrimonios', asset())).status).toBe(401);
    expect((await anon('GET', '/api/patrimonios/sync')).status).toBe(401);
  });

  it('supervisor creates and edits; only admin (bens:delete) deletes', async () => {
    const sup = await as(A.users.supervisor);
    const p = (await sup('POST', '/api/patrimonios', asset('OB'))).body.patrimonio as Patrimonio;
    const u = await sup('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'Cadeira fixa', version: p.version });
    expect(u.status).toBe(200);
    expect(u.body.patrimonio.version).toBe(1);
    expect((await sup('DELETE', `/api/patrimonios/${p.id}`)).status).toBe(403);
  });

  it('usuario sees and changes only assets of their sectors (AD, TI); another sector is a 404, creating there 403', async () => {
    const admin = await as(A.users.admin);
    const other = (await admin('POST', '/api/patrimonios', asset('FI'))).body.patrimonio as Patrimonio;
    const usuario = await as(A.users.usuario);
    const own = await usuario('POST', '/api/patrimonios', asset('TI'));
    expect(own.status).toBe(201);
    const refused = await usuario('POST', '/api/patrimonios', asset('FI'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(PATRIMONIO_MSG.notYourSector);
    expect((await usuario('GET', `/api/patrimonios/${other.id}`)).status).toBe(404);
    expect(
      (await usuario('PUT', `/api/patrimonios/${other.id}`, { descricao_bem: 'X', version: other.version })).status,
    ).toBe(404);
    expect((await usuario('GET', `/api/patrimonios/numero/${other.numero_patrimonio}`)).status).toBe(404);
    const list = (await usuario('GET', '/api/patrimonios?pageSize=100')).body;
    expect(list.patrimonios.length).toBeGreaterThan(0);
    expect(list.patrimonios.every((x: PatrimonioListItem) => [sectors.AD.id, sectors.TI.id].includes(x.sectorId))).toBe(
      true,
    );
    const sync = (await usuario('GET', '/api/patrimonios/sync')).body;
    expect(sync.patrimonios.every((x: PatrimonioListItem) => [sectors.AD.id, sectors.TI.id].includes(x.sectorId))).toBe(
      true,
    );
    // moving their own asset out of their sectors is refused
    const mv = await usuario('PUT', `/api/patrimonios/${own.body.patrimonio.id}`, {
      sectorId: sectors.FI.id,
      localId: null,
      version: 0,
    });
    expect(mv.status).toBe(403);
    expect((await usuario('DELETE', `/api/patrimonios/${own.body.patrimonio.id}`)).status).toBe(403);
  });

  it("another municipality's asset is a 404 for every route", async () => {
    const p = (await (await as(A.users.admin))('POST', '/api/patrimonios', asset())).body.patrimonio as Patrimonio;
    const viz = await as(B.users.admin);
    expect((await viz('GET', `/api/patrimonios/${p.id}`)).status).toBe(404);
    expect((await viz('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'Tomado', version: p.version })).status).toBe(
      404,
    );
    expect((await viz('DELETE', `/api/patrimonios/${p.id}`)).status).toBe(404);
    expect((await viz('GET', `/api/patrimonios/numero/${p.numero_patrimonio}`)).status).toBe(404);
    expect(
      (await viz('GET', '/api/patrimonios?pageSize=100')).body.patrimonios.map((x: PatrimonioListItem) => x.id),
    ).not.toContain(p.id);
    expect((await (await as(A.users.admin))('GET', `/api/patrimonios/${p.id}`)).body.patrimonio.descricao_bem).toBe(
      p.descricao_bem,
    );
  });
});

describe('numbering', () => {
  it('20 concurrent creates get 20 distinct consecutive numbers', async () => {
    const admin = await as(A.users.admin);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin('POST', '/api/patrimonios', asset('SA', { descricao_bem: `Concorrente ${i}` })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const seqs = results.map((r) => Number(r.body.patrimonio.numero_patrimonio.slice(-6))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(20);
    expect(seqs[19] - seqs[0]).toBe(19);
  });

  it('bulk creation: N consecutive numbers in one transaction; a refused batch takes none', async () => {
    const admin = await as(A.users.admin);
    const r = await admin('POST', '/api/patrimonios/lote', { ...asset('FI'), quantity: 10 });
    expect(r.status).toBe(201);
    expect(r.body.count).toBe(10);
    const seqs = r.body.patrimonios.map((p: PatrimonioListItem) => Number(p.numero_patrimonio.slice(-6)));
    expect(seqs).toEqual(Array.from({ length: 10 }, (_, i) => seqs[0] + i));
    expect(r.body.first).toBe(r.body.patrimonios[0].numero_patrimonio);
    expect((await admin('POST', '/api/patrimonios/lote', { ...asset('FI'), quantity: 501 })).status).toBe(400);
    expect((await admin('POST', '/api/patrimonios/lote', { ...asset('FI'), quantity: 0 })).status).toBe(400);
    const next = (await admin('POST', '/api/patrimonios', asset('FI'))).body.patrimonio;
    expect(Number(next.numero_patrimonio.slice(-6))).toBe(seqs[9] + 1);
  });

  it('numbers are never reused after a delete or a write-off', async () => {
    const admin = await as(A.users.admin);
    const a = (await admin('POST', '/api/patrimonios', asset('TI'))).body.patrimonio as Patrimonio;
    const d = await admin('DELETE', `/api/patrimonios/${a.id}`);
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ deleted: true, writtenOff: false, id: a.id });
    expect((await admin('GET', `/api/patrimonios/${a.id}`)).status).toBe(404);
    const b = (await admin('POST', '/api/patrimonios', asset('TI'))).body.patrimonio as Patrimonio;
    expect(b.numero_patrimonio).not.toBe(a.numero_patrimonio);
    expect(Number(b.numero_patrimonio.slice(-6))).toBe(Number(a.numero_patrimonio.slice(-6)) + 1);
  });
});

describe('update, history, write-off', () => {
  it('each changed field becomes a history entry (old → new), newest first; stale version 409', async () => {
    const admin = await as(A.users.admin);
    const p = (await admin('POST', '/api/patrimonios', asset('AD'))).body.patrimonio as Patrimonio;
    const u = await admin('PUT', `/api/patrimonios/${p.id}`, {
      version: p.version,
      valor_aquisicao: 2000,
      status: 'em_manutencao',
      sectorId: sectors.ED.id,
      localId: localOf('ED').id,
      // relation fields of spec §3 are accepted and dropped
      sector: { id: 1 },
      tipoBem: {},
      historico: [],
      notas: 'x',
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    const q = u.body.patrimonio as Patrimonio;
    expect(q.valor_aquisicao).toBe('2000.00');
    expect(q.setor_responsavel).toBe(sectors.ED.name);
    expect(q.numero_patrimonio).toBe(p.numero_patrimonio); // numbered for life
    const details = q.historico_movimentacao.map((h) => `${h.action}|${h.details}`);
    expect(details).toEqual(
      expect.arrayContaining([
        'Alteração|Valor de aquisição: R$ 1.234,50 → R$ 2.000,00',
        "Alteração de status|Status: 'Ativo' → 'Em manutenção'",
        `Movimentação|Setor: '${sectors.AD.name}' → '${sectors.ED.name}'`,
      ]),
    );
    expect(q.historico_movimentacao.at(-1)!.action).toBe('Cadastro');
    const stale = await admin('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'Sobrescrita', version: p.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(PATRIMONIO_MSG.stale);
    expect((await admin('GET', `/api/patrimonios/${p.id}`)).body.patrimonio.descricao_bem).toBe('Cadeira giratória');
    // an asset with movements is written off, not deleted
    const d = await admin('DELETE', `/api/patrimonios/${p.id}`);
    expect(d.status).toBe(200);
    expect(d.body.writtenOff).toBe(true);
    expect(d.body.patrimonio.status).toBe('baixado');
    expect(d.body.patrimonio.historico_movimentacao[0].action).toBe('Baixa');
    expect((await admin('GET', `/api/patrimonios/${p.id}`)).status).toBe(200);
    const again = await admin('DELETE', `/api/patrimonios/${p.id}`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PATRIMONIO_MSG.alreadyWrittenOff);
  });
});

describe('bad input: pt-BR message and nothing written', () => {
  const count = async () =>
    (await (await as(A.users.admin))('GET', '/api/patrimonios?pageSize=1')).body.total as number;

  it('400 for missing/unknown/absurd fields', async () => {
    const admin = await as(A.users.admin);
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ ...asset(), descricao_bem: undefined }, 'descricao_bem', 'A descrição do bem é obrigatória.'],
      [{ ...asset(), sectorId: undefined }, 'sectorId', 'Selecione um setor.'],
      [{ ...asset(), valor_aquisicao: undefined }, 'valor_aquisicao'],
      [{ ...asset(), tipoId: undefined }, 'tipoId', PATRIMONIO_MSG.tipoRequired],
      [{ ...asset(), valor_aquisicao: -1 }, 'valor_aquisicao', 'O valor de aquisição não pode ser negativo.'],
      [
        { ...asset(), valor_aquisicao: '10.123' },
        'valor_aquisicao',
        'O valor de aquisição deve ter no máximo 2 casas decimais.',
      ],
      [{ ...asset(), valor_aquisicao: 1e15 }, 'valor_aquisicao'],
      [{ ...asset(), valor_aquisicao: 'dez reais' }, 'valor_aquisicao'],
      [{ ...asset(), quantidade: 0 }, 'quantidade'],
      [{ ...asset(), quantidade: 1.5 }, 'quantidade'],
      [{ ...asset(), data_aquisicao: '2024-02-30' }, 'data_aquisicao'],
      [{ ...asset(), data_aquisicao: '2999-01-01' }, 'data_aquisicao', 'A data de aquisição não pode ser futura.'],
      [{ ...asset(), status: 'roubado' }, 'status', 'Status inválido.'],
      [{ ...asset(), estado_conservacao: 'péssimo' }, 'estado_conservacao'],
      [{ ...asset(), owner: 1 }, 'owner', 'Campo não permitido.'],
      [{ ...asset(), customFields: { inexistente: 'x' } }, 'customFields.inexistente', PATRIMONIO_MSG.customUnknown],
    ];
    for (const [payload, field, message] of cases) {
      const r = await admin('POST', '/api/patrimonios', payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error.fields?.[field], `${field}: ${JSON.stringify(r.body)}`).toBeTruthy();
      if (message) expect(r.body.error.fields[field]).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('422 for a sector/local/type of another municipality, a local of another sector, a number sent by the client', async () => {
    const admin = await as(A.users.admin);
    const before = await count();
    const vizTipo = (await (await as(B.users.admin))('POST', '/api/tipos-bens', { name: 'Tipo do Vizinho' })).body.id;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [asset('AD', { sectorId: foreignSector.id, localId: null }), 'sectorId', PATRIMONIO_MSG.sectorNotFound],
      [asset('AD', { localId: foreignLocal.id }), 'localId', PATRIMONIO_MSG.localNotFound],
      [asset('AD', { localId: localOf('ED').id }), 'localId', PATRIMONIO_MSG.localOtherSector],
      [asset('AD', { tipoId: vizTipo }), 'tipoId', PATRIMONIO_MSG.tipoNotFound],
      [asset('AD', { numero_patrimonio: '2020AD000001' }), 'numero_patrimonio', PATRIMONIO_MSG.numeroReadOnly],
    ];
    for (const [payload, field, message] of cases) {
      const r = await admin('POST', '/api/patrimonios', payload);
      expect(r.status, JSON.stringify(payload)).toBe(422);
      expect(r.body.error.message).toBe(message);
      expect(r.body.error.fields[field]).toBe(message);
    }
    const p = (await admin('POST', '/api/patrimonios', asset())).body.patrimonio as Patrimonio;
    const other = await admin('PUT', `/api/patrimonios/${p.id}`, {
      numero_patrimonio: '1999AD000001',
      version: p.version,
    });
    expect(other.status).toBe(422);
    expect(
      (
        await admin('PUT', `/api/patrimonios/${p.id}`, {
          numero_patrimonio: p.numero_patrimonio,
          version: p.version,
          id: p.id,
        })
      ).status,
    ).toBe(400);
    expect(
      (await admin('PUT', `/api/patrimonios/${p.id}`, { sectorId: foreignSector.id, version: p.version })).status,
    ).toBe(422);
    expect((await admin('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'sem versão' })).status).toBe(400);
    expect((await admin('GET', `/api/patrimonios/${p.id}`)).body.patrimonio.version).toBe(0);
    expect(await count()).toBe(before + 1);
  });
});

describe('custom fields', () => {
  it('are validated against the definitions, stored with the asset and filterable', async () => {
    const admin = await as(A.users.admin);
    await admin('POST', '/api/asset-form-fields', { label: 'Marca', type: 'TEXT', required: true });
    await admin('POST', '/api/asset-form-fields', { label: 'Voltagem', type: 'SELECT', options: ['110V', '220V'] });
    await admin('POST', '/api/asset-form-fields', { label: 'Potência', type: 'NUMBER' });
    const missing = await admin('POST', '/api/patrimonios', asset('AD'));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields['customFields.marca']).toBe('Marca é obrigatória.');
    const badOpt = await admin(
      'POST',
      '/api/patrimonios',
      asset('AD', { customFields: { marca: 'Dell', voltagem: '380V' } }),
    );
    expect(badOpt.body.error.fields['customFields.voltagem']).toBe(PATRIMONIO_MSG.customOption('Voltagem'));
    const badNum = await admin(
      'POST',
      '/api/patrimonios',
      asset('AD', { customFields: { marca: 'Dell', potencia: 'muita' } }),
    );
    expect(badNum.status).toBe(400);
    const ok = await admin(
      'POST',
      '/api/patrimonios',
      asset('AD', {
        descricao_bem: 'Monitor',
        customFields: { marca: 'Dell Ultrasharp', voltagem: '220V', potencia: 45 },
      }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.patrimonio.customFields).toEqual({ marca: 'Dell Ultrasharp', voltagem: '220V', potencia: 45 });
    const f1 = (await admin('GET', '/api/patrimonios?cf.voltagem=220V&pageSize=100')).body
      .patrimonios as PatrimonioListItem[];
    expect(f1.map((x) => x.id)).toEqual([ok.body.patrimonio.id]);
    const f2 = (await admin('GET', '/api/patrimonios?cf.marca=ultrasharp&pageSize=100')).body
      .patrimonios as PatrimonioListItem[];
    expect(f2.map((x) => x.id)).toEqual([ok.body.patrimonio.id]);
    expect((await admin('GET', '/api/patrimonios?cf.nada=1')).status).toBe(400);
    // the other tests' assets predate the field: make it optional again
    const marca = (await admin('GET', '/api/asset-form-fields')).body.fields.find(
      (f: { key: string }) => f.key === 'marca',
    );
    await admin('PUT', `/api/asset-form-fields/${marca.id}`, { required: false, version: marca.version });
  });
});

describe('list at scale semantics', () => {
  it('quick search is accent-insensitive over description and by number prefix; filters; sorts; pages', async () => {
    const admin = await as(A.users.admin);
    const made = (
      await admin(
        'POST',
        '/api/patrimonios',
        asset('OB', {
          descricao_bem: 'Betoneira elétrica industrial',
          valor_aquisicao: '9999999.99',
          data_aquisicao: '2001-01-01',
          status: 'ocioso',
        }),
      )
    ).body.patrimonio as Patrimonio;
    const q1 = (await admin('GET', '/api/patrimonios?q=ELETRICA')).body;
    expect(q1.patrimonios.map((x: PatrimonioListItem) => x.id)).toContain(made.id);
    const q2 = (await admin('GET', `/api/patrimonios?q=${made.numero_patrimonio.toLowerCase()}`)).body;
    expect(q2.patrimonios.map((x: PatrimonioListItem) => x.id)).toEqual([made.id]);
    const f = (
      await admin(
        'GET',
        `/api/patrimonios?sectorId=${sectors.OB.id}&status=ocioso,baixado&valorMin=9999999.99&dataDe=2001-01-01&dataAte=2001-01-01&tipoId=${tipoId}&formaId=${formaId}&localId=${localOf('OB').id}`,
      )
    ).body;
    expect(f.patrimonios.map((x: PatrimonioListItem) => x.id)).toEqual([made.id]);
    expect(f.total).toBe(1);
    for (const sort of [
      'numero_patrimonio',
      'descricao_bem',
      'tipo',
      'setor_responsavel',
      'local_objeto',
      'status',
      'valor_aquisicao',
      'quantidade',
      'data_aquisicao',
      'forma_aquisicao',
      'estado_conservacao',
      'createdAt',
      'updatedAt',
    ]) {
      const r = await admin('GET', `/api/patrimonios?sort=${sort}&order=asc&pageSize=100`);
      expect(r.status, sort).toBe(200);
    }
    const byValue = (await admin('GET', '/api/patrimonios?sort=valor_aquisicao&order=desc&pageSize=5')).body
      .patrimonios as PatrimonioListItem[];
    expect(byValue[0].id).toBe(made.id);
    // every page, forwards and through the reverse-order path, covers the whole list exactly once
    const total = (await admin('GET', '/api/patrimonios?pageSize=1')).body.total as number;
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 7); page++) {
      const r = (await admin('GET', `/api/patrimonios?sort=descricao_bem&order=asc&pageSize=7&page=${page}`)).body;
      seen.push(...r.patrimonios.map((x: PatrimonioListItem) => x.id));
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    const all = (await admin('GET', '/api/patrimonios?sort=descricao_bem&order=asc&pageSize=100')).body.patrimonios.map(
      (x: PatrimonioListItem) => x.id,
    );
    expect(seen.slice(0, all.length)).toEqual(all);
    expect((await admin('GET', '/api/patrimonios?pageSize=101')).status).toBe(400);
    expect((await admin('GET', '/api/patrimonios?sort=senha')).status).toBe(400);
    expect((await admin('GET', '/api/patrimonios?foo=1')).status).toBe(400);
  });

  it('a list item is the asset read through drizzle and its presenter, field for field (nulls, custom fields, money, dates)', async () => {
    const admin = await as(A.users.admin);
    const created = await admin('POST', '/api/patrimonios', {
      descricao_bem: 'Bem sem local, data nem estado',
      tipoId,
      sectorId: sectors.AD.id,
      valor_aquisicao: '0.10',
      quantidade: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sparse = created.body.patrimonio as Patrimonio;
    const listed = (await admin('GET', '/api/patrimonios?sort=createdAt&order=desc&pageSize=100')).body
      .patrimonios as PatrimonioListItem[];
    expect(listed.map((x) => x.id)).toContain(sparse.id);
    const rows = await s.owner.transaction((tx) =>
      tx
        .select()
        .from(patrimonios)
        .where(
          inArray(
            patrimonios.id,
            listed.map((x) => x.id),
          ),
        ),
    );
    const byId = new Map(rows.map((r) => [r.id, JSON.parse(JSON.stringify(toListItem(r)))]));
    expect(listed.some((x) => Object.keys(x.customFields).length > 0)).toBe(true);
    for (const item of listed) expect(item).toEqual(byId.get(item.id));
  });

  it('sync pages with a cursor', async () => {
    const admin = await as(A.users.admin);
    const first = (await admin('GET', '/api/patrimonios/sync?limit=5')).body;
    expect(first.patrimonios).toHaveLength(5);
    const second = (await admin('GET', `/api/patrimonios/sync?limit=5&after=${first.nextAfter}`)).body;
    expect(second.patrimonios[0].id).toBeGreaterThan(first.patrimonios[4].id);
    expect((await admin('GET', '/api/patrimonios/sync?limit=1001')).status).toBe(400);
  });
});

describe('live events', () => {
  it('created / updated / deleted reach another user of the municipality, not the neighbour', async () => {
    const watcher = await s.socket(await A.users.visualizador.token());
    const neighbour = await s.socket(await B.users.admin.token());
    let leaked = 0;
    neighbour.on('patrimonio.created', () => leaked++);
    const admin = await as(A.users.admin);
    const created = nextEvent<LiveEvent<Patrimonio>>(watcher, 'patrimonio.created');
    const p = (await admin('POST', '/api/patrimonios', asset())).body.patrimonio as Patrimonio;
    // Events carry the list-item shape, never the history or the files (the view page refetches).
    const {
      municipalityId: _m,
      observacoes: _o,
      fotos: _f,
      documentos: _d,
      historico_movimentacao: _h,
      createdBy: _c,
      dataEntradaServico: _e,
      vidaUtilMeses: _v,
      residualPct: _r,
      dadosOrigem: _do,
      ...item
    } = p;
    expect((await created).data).toEqual(item);
    expect((await created).data).not.toHaveProperty('historico_movimentacao');
    const updated = nextEvent<LiveEvent<Patrimonio>>(watcher, 'patrimonio.updated');
    await admin('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'Ao vivo', version: p.version });
    expect((await updated).data.descricao_bem).toBe('Ao vivo');
    expect((await updated).data).not.toHaveProperty('historico_movimentacao');
    expect((await updated).data).not.toHaveProperty('fotos');
    const bulk = nextEvent<LiveEvent<{ count: number }>>(watcher, 'patrimonio.bulk_created');
    await admin('POST', '/api/patrimonios/lote', { ...asset(), quantity: 3 });
    expect((await bulk).data.count).toBe(3);
    const q = (await admin('POST', '/api/patrimonios', asset())).body.patrimonio as Patrimonio;
    const deleted = nextEvent<LiveEvent<{ id: number }>>(watcher, 'patrimonio.deleted');
    await admin('DELETE', `/api/patrimonios/${q.id}`);
    expect((await deleted).data.id).toBe(q.id);
    const marker = nextEvent(neighbour, 'patrimonio.created');
    await (
      await as(B.users.admin)
    )('POST', '/api/patrimonios', {
      descricao_bem: 'Marcador',
      sectorId: foreignSector.id,
      valor_aquisicao: 1,
      tipoId: (await (await as(B.users.admin))('POST', '/api/tipos-bens', { name: 'Marcador' })).body.id,
    });
    await marker;
    expect(leaked).toBe(1);
  });
});
