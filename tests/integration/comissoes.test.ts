import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMISSAO_MSG, isoDayOf, type Comissao, type LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, type TestTenant, type TestUser } from '../support/factories';
import type { Db } from '../../server/src/db/client';
import { enterTenancy } from '../../server/src/db/tx';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { comissaoQueAtua } from '../../server/src/modules/comissoes';

// Issue 37: standing commissions (inventory, evaluation, write-off) named by act, with members, president and term.
let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let servidor: TestUser; // a fourth member of A
const today = isoDayOf(new Date());
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
  servidor = await newUser(s, { municipalityId: A.id, role: 'usuario', name: 'Servidora Quarta' });
});
afterAll(async () => {
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
const body = (over: Record<string, unknown> = {}) => ({
  tipo: 'desfazimento',
  ato: 'Portaria nº 12/2026',
  dataAto: addDays(today, -30),
  validaAte: addDays(today, 335),
  presidenteId: A.users.supervisor.id,
  membros: [A.users.supervisor.id, A.users.admin.id, A.users.usuario.id],
  ...over,
});

describe('comissões', () => {
  it('the admin names one; every reader of the municipality sees it live and in the list; the audit says so', async () => {
    const admin = await as(A.users.admin);
    const watcher = await s.socket(await A.users.supervisor.token());
    const outsider = await s.socket(await B.users.admin.token());
    let leaked = 0;
    outsider.on('comissao.changed', () => leaked++);
    const seen = nextEvent<LiveEvent<Comissao>>(watcher, 'comissao.changed');
    const made = await admin('POST', '/api/comissoes', body());
    expect(made.status).toBe(201);
    const c: Comissao = made.body.comissao;
    expect(c).toMatchObject({
      tipo: 'desfazimento',
      ato: 'Portaria nº 12/2026',
      presidenteId: A.users.supervisor.id,
      vigente: true,
      version: 0,
    });
    expect(c.membros.map((m) => [m.id, m.presidente])).toEqual([
      [A.users.supervisor.id, true],
      [A.users.admin.id, false],
      [A.users.usuario.id, false],
    ]);
    expect((await seen).data).toEqual(c);
    const list = await (await as(A.users.supervisor))('GET', '/api/comissoes?tipo=desfazimento');
    expect(list.status).toBe(200);
    expect(list.body.comissoes.map((x: Comissao) => x.id)).toContain(c.id);
    expect((await admin('GET', `/api/comissoes/${c.id}`)).body.comissao).toEqual(c);
    const audit = await admin('GET', '/api/audit-logs?entityType=Comissao');
    expect(JSON.stringify(audit.body)).toContain('COMISSAO_CREATE');
    expect(leaked).toBe(0);
  });

  it('bad input changes nothing and says why in pt-BR', async () => {
    const admin = await as(A.users.admin);
    const cases: Array<[Record<string, unknown>, string, string, number]> = [
      [{ membros: [A.users.admin.id, A.users.supervisor.id] }, 'membros', COMISSAO_MSG.membrosMin, 400],
      [{ validaAte: addDays(today, -31) }, 'validaAte', COMISSAO_MSG.validadeAntes, 400],
      [{ presidenteId: servidor.id }, 'presidenteId', COMISSAO_MSG.presidenteMembro, 400],
      [{ tipo: 'festa' }, 'tipo', COMISSAO_MSG.tipo, 400],
      [{ dataAto: '2026-02-30' }, 'dataAto', COMISSAO_MSG.dataInvalida, 400],
      [
        { membros: [A.users.supervisor.id, A.users.admin.id, A.users.supervisor.id] },
        'membros',
        COMISSAO_MSG.membroRepetido,
        400,
      ],
      // A user of another municipality cannot be named.
      [
        { membros: [A.users.supervisor.id, A.users.admin.id, B.users.admin.id] },
        'membros',
        COMISSAO_MSG.membroInvalido,
        422,
      ],
    ];
    const before = (await admin('GET', '/api/comissoes')).body.comissoes.length;
    for (const [over, field, message, status] of cases) {
      const r = await admin('POST', '/api/comissoes', body(over));
      expect(r.status, field).toBe(status);
      expect(r.body.error.fields[field]).toBe(message);
    }
    expect((await admin('GET', '/api/comissoes')).body.comissoes.length).toBe(before);
  });

  it('permissions and tenancy: supervisor reads, only the admin names; another municipality gets a 404', async () => {
    const made = (await (await as(A.users.admin))('POST', '/api/comissoes', body())).body.comissao as Comissao;
    expect((await (await as(A.users.supervisor))('POST', '/api/comissoes', body())).status).toBe(403);
    expect((await (await as(A.users.usuario))('GET', '/api/comissoes')).status).toBe(403);
    expect((await (await as(A.users.visualizador))('GET', '/api/comissoes')).status).toBe(403);
    const other = await as(B.users.admin);
    expect((await other('GET', `/api/comissoes/${made.id}`)).status).toBe(404);
    expect((await other('PUT', `/api/comissoes/${made.id}`, body({ version: 0 }))).status).toBe(404);
    expect((await other('GET', '/api/comissoes')).body.comissoes.map((x: Comissao) => x.id)).not.toContain(made.id);
    expect((await client(s.url)('GET', '/api/comissoes')).status).toBe(401);
  });

  it('a new act renews the term and replaces members, against the version seen (409 when stale)', async () => {
    const admin = await as(A.users.admin);
    const made = (await admin('POST', '/api/comissoes', body({ tipo: 'inventario' }))).body.comissao as Comissao;
    const renewed = await admin(
      'PUT',
      `/api/comissoes/${made.id}`,
      body({
        tipo: 'inventario',
        ato: 'Portaria nº 40/2026',
        membros: [servidor.id, A.users.supervisor.id, A.users.admin.id],
        presidenteId: servidor.id,
        version: 0,
      }),
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.comissao).toMatchObject({ ato: 'Portaria nº 40/2026', presidenteId: servidor.id, version: 1 });
    expect(renewed.body.comissao.membros[0]).toEqual({ id: servidor.id, nome: 'Servidora Quarta', presidente: true });
    const stale = await admin('PUT', `/api/comissoes/${made.id}`, body({ tipo: 'inventario', version: 0 }));
    expect(stale.status).toBe(409);
    const mine = await admin('GET', `/api/comissoes?userId=${servidor.id}`);
    expect(mine.body.comissoes.map((x: Comissao) => x.id)).toEqual([made.id]);
  });

  it('only a commission in its term, complete and of the right kind may act', async () => {
    const admin = await as(A.users.admin);
    const expired = (
      await admin('POST', '/api/comissoes', body({ dataAto: addDays(today, -400), validaAte: addDays(today, -1) }))
    ).body.comissao as Comissao;
    expect(expired.vigente).toBe(false);
    const vigentes = (await admin('GET', '/api/comissoes?situacao=vigentes')).body.comissoes as Comissao[];
    expect(vigentes.map((x) => x.id)).not.toContain(expired.id);
    const good = (await admin('POST', '/api/comissoes', body())).body.comissao as Comissao;
    const scope = scopeOfMunicipality(A.id);
    const act = (id: number, tipo: 'desfazimento' | 'avaliacao') =>
      s.ctx.db
        .transaction(async (raw) => {
          const tx = raw as unknown as Db;
          await enterTenancy(tx, scope);
          return comissaoQueAtua(tx, scope, id, tipo);
        })
        .then(
          () => 'ok',
          (e: { status: number; message: string }) => `${e.status} ${e.message}`,
        );
    expect(await act(good.id, 'desfazimento')).toBe('ok');
    expect(await act(good.id, 'avaliacao')).toBe(`409 ${COMISSAO_MSG.tipoErrado('avaliação')}`);
    const ate = addDays(today, -1).split('-').reverse().join('/');
    expect(await act(expired.id, 'desfazimento')).toBe(`409 ${COMISSAO_MSG.vencida(ate)}`);
    // A member deleted from the users leaves two: the commission keeps their name but can no longer act.
    const gone = await newUser(s, { municipalityId: A.id, role: 'visualizador', name: 'Servidor que saiu' });
    const short = (
      await admin('POST', '/api/comissoes', body({ membros: [A.users.supervisor.id, A.users.admin.id, gone.id] }))
    ).body.comissao as Comissao;
    expect((await admin('DELETE', `/api/users/${gone.id}`)).status).toBe(204);
    const after = (await admin('GET', `/api/comissoes/${short.id}`)).body.comissao as Comissao;
    expect(after.membros[2]).toEqual({ id: null, nome: 'Servidor que saiu', presidente: false });
    expect(after.vigente).toBe(false);
    expect(await act(short.id, 'desfazimento')).toBe(`409 ${COMISSAO_MSG.incompleta}`);
    expect(await act(999_999, 'desfazimento')).toMatch(/^404 /);
  });
});
