import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANUTENCAO_MSG,
  addDaysISO,
  manutencaoToday,
  nextOccurrence,
  type LiveEvent,
  type Manutencao,
  type Notification,
} from '@tombo/shared';
import { runSystemJob } from '../../server/src/modules/jobs/runtime/runner';
import type { SystemJobDefinition } from '../../server/src/jobs/define';
import { jobDefinition } from '../../server/src/modules/job-definitions';
import {
  newImovel,
  newManutencao,
  newSector,
  newTenant,
  newUser,
  type TestImovel,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { sentinel } from '../support/sentinel';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let imovelA: TestImovel;
let imovelB: TestImovel;

const as = async (u: TestUser) => client(s.url, await u.token());
const today = manutencaoToday();
const inDays = (n: number) => addDaysISO(today, n);
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => s.owner.query<T>(text, params);
const count = async (text: string, params: unknown[] = []) => Number((await q<{ n: number }>(text, params))[0].n);
const snapshot = async (m: number) => ({
  tasks: await count('select count(*)::int n from manutencoes where municipality_id = $1', [m]),
  history: await count('select count(*)::int n from imovel_historico where municipality_id = $1', [m]),
  audit: await count('select count(*)::int n from audit_logs where municipality_id = $1', [m]),
});
const body = (i: { id: number }, extra: Record<string, unknown> = {}) => ({
  imovelId: i.id,
  titulo: 'Revisão elétrica',
  tipo: 'preventiva',
  dataPrevista: inDays(10),
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  imovelA = await newImovel(s, a.id, { sectorId: a.sector.id, denominacao: 'Escola Municipal Centro' });
  imovelB = await newImovel(s, b.id);
});
afterAll(() => s?.close());

describe('manutenções: CRUD per role and municipality', () => {
  it('creates, reads, updates and deletes; answers dataPrevista and dueDate; writes history and audit', async () => {
    const usuario = await as(a.users.usuario);
    const made = await usuario(
      'POST',
      '/api/manutencoes',
      body(imovelA, { responsavel: 'Construtora Alfa', custoEstimado: '1500,00'.replace(',', '.'), recorrencia: null }),
    );
    expect(made.status).toBe(201);
    const m: Manutencao = made.body.manutencao;
    expect(m).toMatchObject({
      imovelId: imovelA.id,
      imovel: { id: imovelA.id, numero_patrimonio: imovelA.numero, denominacao: 'Escola Municipal Centro' },
      titulo: 'Revisão elétrica',
      tipo: 'preventiva',
      dataPrevista: inDays(10),
      dueDate: inDays(10),
      status: 'pendente',
      responsavel: 'Construtora Alfa',
      custoEstimado: '1500.00',
      custoReal: null,
      recorrencia: null,
      anexos: [],
      version: 0,
    });
    // Every role reads it; the visualizador may not write.
    for (const role of ['admin', 'supervisor', 'usuario', 'visualizador'] as const) {
      const got = await (await as(a.users[role]))('GET', `/api/manutencoes/${m.id}`);
      expect(got.status, role).toBe(200);
      expect(got.body.manutencao.id).toBe(m.id);
    }
    const viewer = await as(a.users.visualizador);
    expect((await viewer('POST', '/api/manutencoes', body(imovelA))).status).toBe(403);
    expect((await viewer('PUT', `/api/manutencoes/${m.id}`, { titulo: 'x', version: 0 })).status).toBe(403);
    expect((await viewer('DELETE', `/api/manutencoes/${m.id}`)).status).toBe(403);

    // The spec's client sends dueDate.
    const alias = await usuario('POST', '/api/manutencoes', {
      imovelId: imovelA.id,
      titulo: 'Inspeção do telhado',
      tipo: 'inspecao',
      dueDate: inDays(3),
    });
    expect(alias.status).toBe(201);
    expect(alias.body.manutencao).toMatchObject({ dataPrevista: inDays(3), dueDate: inDays(3) });

    const put = await (
      await as(a.users.supervisor)
    )('PUT', `/api/manutencoes/${m.id}`, {
      status: 'em_andamento',
      custoReal: 1720.5,
      dueDate: inDays(12),
      version: 0,
    });
    expect(put.status).toBe(200);
    expect(put.body.manutencao).toMatchObject({
      status: 'em_andamento',
      custoReal: '1720.50',
      dataPrevista: inDays(12),
      version: 1,
    });
    // A stale version → 409, nothing changed.
    const stale = await usuario('PUT', `/api/manutencoes/${m.id}`, { titulo: 'Outra', version: 0 });
    expect(stale.status).toBe(409);
    expect((await q<{ title: string }>('select title from manutencoes where id = $1', [m.id]))[0].title).toBe(
      'Revisão elétrica',
    );

    const list = await usuario('GET', `/api/manutencoes?imovelId=${imovelA.id}`);
    expect(list.status).toBe(200);
    expect(list.body.manutencoes.map((x: Manutencao) => x.id)).toEqual([alias.body.manutencao.id, m.id]);
    expect(list.body).toMatchObject({ total: 2, page: 1, pageSize: 25, atrasadas: 0 });

    const del = await usuario('DELETE', `/api/manutencoes/${m.id}`);
    expect(del.status).toBe(204);
    expect((await usuario('GET', `/api/manutencoes/${m.id}`)).status).toBe(404);

    const history = await q<{ action: string }>(
      'select action from imovel_historico where imovel_id = $1 order by id',
      [imovelA.id],
    );
    expect(history.map((h) => h.action)).toEqual([
      'Manutenção criada',
      'Manutenção criada',
      'Manutenção atualizada',
      'Manutenção excluída',
    ]);
    const audit = await q<{ action: string }>(
      `select action from audit_logs where entity_type = 'Manutencao' and entity_id = $1 order by id`,
      [String(m.id)],
    );
    expect(audit.map((r) => r.action)).toEqual(['MANUTENCAO_CREATE', 'MANUTENCAO_UPDATE', 'MANUTENCAO_DELETE']);
  });

  it("another municipality's task or property → 404, nothing changed", async () => {
    const taskB = await newManutencao(s, imovelB);
    const admin = await as(a.users.admin);
    const before = await snapshot(b.id);
    const beforeA = await snapshot(a.id);
    const created = await admin('POST', '/api/manutencoes', body(imovelB));
    expect(created.status).toBe(404);
    expect(created.body.error.message).toBe(MANUTENCAO_MSG.imovelNotFound);
    expect((await admin('GET', `/api/manutencoes/${taskB.id}`)).status).toBe(404);
    expect((await admin('PUT', `/api/manutencoes/${taskB.id}`, { titulo: 'x', version: 0 })).status).toBe(404);
    expect((await admin('DELETE', `/api/manutencoes/${taskB.id}`)).status).toBe(404);
    // Moving a task of A to B's property is refused too.
    const own = await newManutencao(s, imovelA);
    const moved = await admin('PUT', `/api/manutencoes/${own.id}`, { imovelId: imovelB.id, version: 0 });
    expect(moved.status).toBe(404);
    const list = await admin('GET', `/api/manutencoes?imovelId=${imovelB.id}`);
    expect(list.body.manutencoes).toEqual([]);
    expect(await snapshot(b.id)).toEqual(before);
    expect((await snapshot(a.id)).tasks).toBe(beforeA.tasks + 1);
  });

  it('a due date that is not a date → 400 in pt-BR, nothing written', async () => {
    const admin = await as(a.users.admin);
    const before = await snapshot(a.id);
    for (const bad of ['2025-02-30', '31/12/2025', 'amanhã', 20250101]) {
      const r = await admin('POST', '/api/manutencoes', body(imovelA, { dataPrevista: bad }));
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.error.fields.dataPrevista).toBe(MANUTENCAO_MSG.dateInvalid);
    }
    const missing = await admin('POST', '/api/manutencoes', { imovelId: imovelA.id, titulo: 'x', tipo: 'corretiva' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.dataPrevista).toBe(MANUTENCAO_MSG.dateRequired);
    const badCost = await admin('POST', '/api/manutencoes', body(imovelA, { custoEstimado: '-5' }));
    expect(badCost.body.error.fields.custoEstimado).toBe('Custo estimado não pode ser negativo.');
    const badType = await admin('POST', '/api/manutencoes', body(imovelA, { tipo: 'outra' }));
    expect(badType.body.error.fields.tipo).toBe(MANUTENCAO_MSG.tipoInvalid);
    expect((await admin('GET', '/api/manutencoes?de=2025-13-01')).status).toBe(400);
    expect(await snapshot(a.id)).toEqual(before);
  });

  it("filters by status 'atrasada', tipo and the calendar's date range", async () => {
    const im = await newImovel(s, a.id);
    const late = await newManutencao(s, im, { due: inDays(-3) });
    const soon = await newManutencao(s, im, { due: inDays(2) });
    await newManutencao(s, im, { due: inDays(-10), status: 'concluida' });
    const admin = await as(a.users.admin);
    const atrasadas = await admin('GET', `/api/manutencoes?imovelId=${im.id}&status=atrasada`);
    expect(atrasadas.body.manutencoes.map((x: Manutencao) => [x.id, x.status])).toEqual([[late.id, 'atrasada']]);
    expect(atrasadas.body.atrasadas).toBe(1);
    const month = await admin('GET', `/api/manutencoes?imovelId=${im.id}&de=${inDays(0)}&ate=${inDays(5)}`);
    expect(month.body.manutencoes.map((x: Manutencao) => x.id)).toEqual([soon.id]);
    const pendentes = await admin('GET', `/api/manutencoes?imovelId=${im.id}&status=pendente&tipo=preventiva`);
    expect(pendentes.body.total).toBe(2);
  });
});

describe("manutenções: the dashboard's 'Pendências e Alertas'", () => {
  it('counts the overdue tasks of the municipality only', async () => {
    const t = await newTenant(s);
    const im = await newImovel(s, t.id);
    const viewer = await as(t.users.visualizador);
    expect((await viewer('GET', '/api/dashboard/pendencias')).body).toMatchObject({ manutencoesAtrasadas: 0 });
    await newManutencao(s, im, { due: inDays(-1) });
    await newManutencao(s, im, { due: inDays(-5), status: 'em_andamento' });
    await newManutencao(s, im, { due: inDays(-5), status: 'cancelada' });
    await newManutencao(s, im, { due: inDays(1) });
    await newManutencao(s, imovelB, { due: inDays(-1) });
    expect((await viewer('GET', '/api/dashboard/pendencias')).body).toMatchObject({ manutencoesAtrasadas: 2 });
  });
});

describe('manutenções: the property picker', () => {
  it('offers the properties of the municipality by name or number, never another one', async () => {
    const admin = await as(a.users.admin);
    const found = await admin('GET', `/api/manutencoes/imoveis?q=${encodeURIComponent('escola municipal')}`);
    expect(found.status).toBe(200);
    expect(found.body.imoveis).toContainEqual({
      id: imovelA.id,
      numero_patrimonio: imovelA.numero,
      denominacao: 'Escola Municipal Centro',
    });
    expect((await admin('GET', `/api/manutencoes/imoveis?id=${imovelB.id}`)).body.imoveis).toEqual([]);
    expect((await admin('GET', `/api/manutencoes/imoveis?id=${imovelA.id}`)).body.imoveis).toHaveLength(1);
  });
});

describe('manutenções: recurrence', () => {
  it('completing a recurring task creates the next one once, 3 months later, and tells a second user live', async () => {
    const admin = await as(a.users.admin);
    const made = await admin(
      'POST',
      '/api/manutencoes',
      body(imovelA, { recorrencia: 'trimestral', dataPrevista: '2026-01-31' }),
    );
    const m: Manutencao = made.body.manutencao;
    const watcher = await s.socket(await a.users.visualizador.token());
    const otherTown = await s.socket(await b.users.admin.token());
    let leaked = 0;
    otherTown.on('manutencao.created', () => leaked++);
    const created = nextEvent<LiveEvent<Manutencao>>(watcher, 'manutencao.created');
    const done = await admin('PUT', `/api/manutencoes/${m.id}`, { status: 'concluida', version: m.version });
    expect(done.status).toBe(200);
    expect(done.body.manutencao).toMatchObject({ status: 'concluida', dataConclusao: today });
    const next = (await created).data;
    expect(next).toMatchObject({
      origemId: m.id,
      dataPrevista: '2026-04-30',
      status: expect.stringMatching(/pendente|atrasada/),
      recorrencia: 'trimestral',
      titulo: 'Revisão elétrica',
    });
    expect(nextOccurrence('2026-01-31', 'mensal')).toBe('2026-02-28');
    expect(nextOccurrence('2026-05-15', 'anual')).toBe('2027-05-15');

    // Reopening and completing again does not create a second one.
    const reopened = await admin('PUT', `/api/manutencoes/${m.id}`, { status: 'pendente', version: 1 });
    expect(reopened.body.manutencao.dataConclusao).toBeNull();
    await admin('PUT', `/api/manutencoes/${m.id}`, { status: 'concluida', version: 2 });
    expect(await count('select count(*)::int n from manutencoes where origin_id = $1', [m.id])).toBe(1);
    const history = await q<{ action: string }>(
      `select action from imovel_historico where imovel_id = $1 and details like '%2026%' order by id`,
      [imovelA.id],
    );
    expect(history.map((h) => h.action)).toContain('Manutenção concluída');
    expect(history.map((h) => h.action)).toContain('Próxima manutenção agendada');
    await sentinel(s, otherTown, b.users.admin);
    expect(leaked).toBe(0);
  });
});

describe('manutenções: attachments', () => {
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  it('uploads, lists, downloads and removes an attachment; another municipality gets 404', async () => {
    const task = await newManutencao(s, imovelA);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'orçamento.pdf');
    const up = await fetch(`${s.url}/api/manutencoes/${task.id}/anexos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await a.users.usuario.token()}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const m: Manutencao = (await up.json()).manutencao;
    expect(m.anexos).toHaveLength(1);
    expect(m.anexos[0]).toMatchObject({ fileName: 'orçamento.pdf', kind: 'anexo', mimeType: 'application/pdf' });
    const get = (u: TestUser) =>
      u.token().then((t) => fetch(`${s.url}${m.anexos[0].url}`, { headers: { authorization: `Bearer ${t}` } }));
    const file = await get(a.users.visualizador);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await get(b.users.admin)).status).toBe(404);
    const removed = await (await as(a.users.usuario))('DELETE', m.anexos[0].url);
    expect(removed.status).toBe(200);
    expect(removed.body.manutencao.anexos).toEqual([]);
    expect((await get(a.users.admin)).status).toBe(404);
  });
});

describe('manutenções: the daily reminder job', () => {
  const def = () => jobDefinition('manutencoes.avisos') as SystemJobDefinition;
  const runJob = (payload: unknown) => runSystemJob(s.ctx, def(), payload, { attempt: 1, final: true });
  const notes = async (u: TestUser) =>
    (await (await as(u))('GET', '/api/notificacoes?pageSize=100')).body.notifications as Notification[];

  it('is a daily scheduled system job that refuses a bad payload', async () => {
    expect(def()).toMatchObject({ owner: 'system', schedule: { cron: '10 7 * * *' } });
    expect(await runJob({ today: '2025-13-01' })).toBe('failed');
  });

  it("notifies the sector's users of tasks due within 7 days and overdue ones; run twice, notified once", async () => {
    const t = await newTenant(s);
    const sector2 = await newSector(s, t.id);
    const sectorUser = await newUser(s, { municipalityId: t.id, role: 'usuario', sectorIds: [sector2.id] });
    const withSector = await newImovel(s, t.id, { sectorId: sector2.id });
    const noSector = await newImovel(s, t.id);
    const soon = await newManutencao(s, withSector, { due: inDays(5), titulo: 'Pintura' });
    const late = await newManutencao(s, withSector, { due: inDays(-2), titulo: 'Calhas' });
    await newManutencao(s, withSector, { due: inDays(20), titulo: 'Distante' });
    await newManutencao(s, withSector, { due: inDays(-2), titulo: 'Feita', status: 'concluida' });
    const orphan = await newManutencao(s, noSector, { due: inDays(1), titulo: 'Jardim' });
    const bell = await s.socket(await sectorUser.token());
    const live = nextEvent<LiveEvent<Notification>>(bell, 'notification.created');

    expect(await runJob({ today })).toBe('completed');
    expect(await runJob({ today })).toBe('completed');

    expect((await live).data.userId).toBe(sectorUser.id);
    const mine = await notes(sectorUser);
    expect(mine.map((n) => n.title).sort()).toEqual([MANUTENCAO_MSG.overdueTitle, MANUTENCAO_MSG.dueSoonTitle].sort());
    expect(mine.find((n) => n.title === MANUTENCAO_MSG.overdueTitle)?.description).toContain("'Calhas'");
    expect(mine[0].link).toBe(`/imoveis/manutencao?imovelId=${withSector.id}`);
    // The property without a sector: its admins and supervisors.
    for (const u of [t.users.admin, t.users.supervisor]) {
      const got = await notes(u);
      expect(
        got.map((n) => n.description.includes("'Jardim'")),
        u.role,
      ).toEqual([true]);
    }
    expect(await notes(t.users.usuario)).toEqual([]);
    expect(await notes(t.users.visualizador)).toEqual([]);
    const marks = await q<{ id: number; p: boolean; a: boolean }>(
      `select id, due_soon_notified_at is not null p, overdue_notified_at is not null a from manutencoes where id = any($1) order by id`,
      [[soon.id, late.id, orphan.id]],
    );
    expect(marks).toEqual([
      { id: soon.id, p: true, a: false },
      { id: late.id, p: false, a: true },
      { id: orphan.id, p: true, a: false },
    ]);

    // Days later the reminded task is overdue too: one more notice, and no repeat of the others.
    await runJob({ today: inDays(6) });
    await runJob({ today: inDays(6) });
    expect((await notes(sectorUser)).map((n) => n.title).sort()).toEqual(
      [MANUTENCAO_MSG.dueSoonTitle, MANUTENCAO_MSG.overdueTitle, MANUTENCAO_MSG.overdueTitle].sort(),
    );
  });
});
