import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOAN_MSG,
  addDaysISO,
  formatDate,
  loanToday,
  type EmprestimoListItem,
  type HistoricoEntry,
  type LiveEvent,
  type Notification,
} from '@tombo/shared';
import { runSystemJob } from '../../server/src/modules/jobs/runtime/runner';
import type { SystemJobDefinition } from '../../server/src/jobs/define';
import { jobDefinition } from '../../server/src/modules/job-definitions';
import {
  newEmprestimo,
  newPatrimonio,
  newSector,
  newTenant,
  newUser,
  type TestPatrimonio,
  type TestSector,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { sentinel } from '../support/sentinel';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
/** A second sector of A (a destination, and the sector of a usuario who must not see A's sector loans). */
let other: TestSector;

const as = async (u: TestUser) => client(s.url, await u.token());
const today = loanToday();
const inDays = (n: number) => addDaysISO(today, n);
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => s.owner.query<T>(text, params);
const count = async (text: string, params: unknown[] = []) => Number((await q<{ n: number }>(text, params))[0].n);

const asset = (t: TestTenant = a, sector: TestSector = t.sector) =>
  newPatrimonio(s, { municipalityId: t.id, sectorId: sector.id });
const history = async (id: number): Promise<HistoricoEntry[]> =>
  (await (await as(a.users.admin))('GET', `/api/patrimonios/${id}`)).body.patrimonio.historico_movimentacao;
const audits = (loanId: number) =>
  q<{ action: string; municipality_id: number; user_id: number | null }>(
    `select action, municipality_id, user_id from audit_logs where entity_type = 'Emprestimo' and entity_id = $1 order by id`,
    [String(loanId)],
  );
/** What a refused request must leave untouched: loans, history lines and audit rows of the municipality. */
const snapshot = async (m: number) => ({
  loans: await count('select count(*)::int n from emprestimos where municipality_id = $1', [m]),
  history: await count('select count(*)::int n from patrimonio_historico where municipality_id = $1', [m]),
  audit: await count('select count(*)::int n from audit_logs where municipality_id = $1', [m]),
});
const body = (p: { id: number }, extra: Record<string, unknown> = {}) => ({
  patrimonioId: p.id,
  tomadorNome: 'Maria da Silva',
  dataPrevistaDevolucao: inDays(7),
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  other = await newSector(s, a.id, { name: `Secretaria de Obras ${Date.now()}` });
});
afterAll(() => s?.close());

describe('loans: lend and return (state machine, history, audit)', () => {
  it('lends to a person for another sector, returns with the condition, and lends again', async () => {
    const p = await asset();
    const usuario = await as(a.users.usuario);
    const lent = await usuario(
      'POST',
      '/api/emprestimos',
      body(p, {
        tomadorNome: '  José Araújo  ',
        tomadorDocumento: '529.982.247-25',
        tomadorContato: '(11) 98888-7777',
        setorDestinoId: other.id,
        observacoes: 'Para o evento da praça',
      }),
    );
    expect(lent.status, JSON.stringify(lent.body)).toBe(201);
    const loan: EmprestimoListItem = lent.body.emprestimo;
    expect(loan).toMatchObject({
      patrimonioId: p.id,
      numero_patrimonio: p.numero,
      sectorId: a.sector.id,
      tomadorNome: 'José Araújo',
      tomadorDocumento: '529.982.247-25',
      tomadorContato: '(11) 98888-7777',
      setorDestinoId: other.id,
      setorDestino: other.name,
      dataPrevistaDevolucao: inDays(7),
      observacoes: 'Para o evento da praça',
      status: 'aberto',
      registradoPorId: a.users.usuario.id,
      dataDevolucao: null,
      estadoDevolucao: null,
      version: 0,
    });
    expect((await usuario('GET', `/api/emprestimos/${loan.id}`)).body.emprestimo).toEqual(loan);
    const [line] = await history(p.id);
    expect(line.action).toBe('Empréstimo');
    expect(line.details).toBe(
      `Emprestado para José Araújo (529.982.247-25), setor ${other.name}; devolução prevista para ` +
        `${formatDate(inDays(7))}. Observações: Para o evento da praça`,
    );
    expect(line.user).toBe('Pessoa Teste usuario');

    // One open loan per asset.
    const again = await usuario('POST', '/api/emprestimos', body(p));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(LOAN_MSG.alreadyOpen);

    // A stale version is refused; the right one returns it and sets the asset's condition.
    const stale = await usuario('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'regular',
      version: 5,
    });
    expect(stale.status).toBe(409);
    const back = await usuario('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'regular',
      observacoes: 'Riscado na lateral',
      version: 0,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.emprestimo).toMatchObject({
      status: 'devolvido',
      estadoDevolucao: 'regular',
      observacoesDevolucao: 'Riscado na lateral',
      recebidoPorNome: 'Pessoa Teste usuario',
      version: 1,
    });
    expect(back.body.emprestimo.dataDevolucao).not.toBeNull();
    const [returned] = await history(p.id);
    expect(returned.action).toBe('Devolução');
    expect(returned.details).toBe(
      'Devolvido por José Araújo; estado na devolução: Regular. Observações: Riscado na lateral',
    );
    const [row] = await q<{ estado_conservacao: string; version: number }>(
      'select estado_conservacao, version from patrimonios where id = $1',
      [p.id],
    );
    expect(row).toEqual({ estado_conservacao: 'regular', version: 1 });

    // A returned loan cannot be returned again, whatever the version: nothing changes.
    const before = await snapshot(a.id);
    for (const version of [0, 1]) {
      const twice = await usuario('POST', `/api/emprestimos/${loan.id}/devolucao`, {
        estadoDevolucao: 'ruim',
        version,
      });
      expect(twice.status).toBe(409);
      expect(twice.body.error.message).toBe(LOAN_MSG.alreadyReturned);
    }
    expect(await snapshot(a.id)).toEqual(before);
    expect((await usuario('GET', `/api/emprestimos/${loan.id}`)).body.emprestimo.estadoDevolucao).toBe('regular');

    // Once back, it may be lent again.
    const next = await usuario('POST', '/api/emprestimos', body(p, { dataPrevistaDevolucao: today }));
    expect(next.status).toBe(201);
    expect(next.body.emprestimo.status).toBe('aberto');

    // An audit row for every mutation, signed by the actor, in the municipality.
    expect(await audits(loan.id)).toEqual([
      { action: 'EMPRESTIMO_CREATE', municipality_id: a.id, user_id: a.users.usuario.id },
      { action: 'EMPRESTIMO_RETURN', municipality_id: a.id, user_id: a.users.usuario.id },
    ]);
    expect((await audits(next.body.emprestimo.id)).map((r) => r.action)).toEqual(['EMPRESTIMO_CREATE']);
  });

  it('a return in the same condition leaves the asset as it was; a CNPJ and a free document are accepted', async () => {
    const p = await asset();
    await q("update patrimonios set estado_conservacao = 'bom' where id = $1", [p.id]);
    const admin = await as(a.users.admin);
    const lent = await admin('POST', '/api/emprestimos', body(p, { tomadorDocumento: '11.222.333/0001-81' }));
    expect(lent.status).toBe(201);
    const back = await admin('POST', `/api/emprestimos/${lent.body.emprestimo.id}/devolucao`, {
      estadoDevolucao: 'bom',
      version: 0,
    });
    expect(back.status).toBe(200);
    expect((await q('select version from patrimonios where id = $1', [p.id]))[0].version).toBe(0);
    const p2 = await asset();
    const rg = await admin('POST', '/api/emprestimos', body(p2, { tomadorDocumento: 'MG-12.345.678' }));
    expect(rg.status, JSON.stringify(rg.body)).toBe(201);
  });
});

describe('loans: one open loan per asset', () => {
  it('20 concurrent loan requests for the same asset: exactly one 201, the others 409', async () => {
    const p = await asset();
    const users = [a.users.admin, a.users.supervisor, a.users.usuario];
    const calls = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        (await as(users[i % 3]))('POST', '/api/emprestimos', body(p, { tomadorNome: `Pessoa ${i}` })),
      ),
    );
    const statuses = calls.map((c) => c.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    for (const c of calls.filter((x) => x.status === 409)) expect(c.body.error.message).toBe(LOAN_MSG.alreadyOpen);
    expect(await count('select count(*)::int n from emprestimos where patrimonio_id = $1', [p.id])).toBe(1);
    expect((await history(p.id)).filter((h) => h.action === 'Empréstimo')).toHaveLength(1);
    const [{ id }] = await q<{ id: number }>('select id from emprestimos where patrimonio_id = $1', [p.id]);
    expect(await audits(id)).toHaveLength(1);
    // The database itself refuses a second open loan (what settles requests that pass the checks together).
    await expect(newEmprestimo(s, p)).rejects.toThrow(/emprestimos_open_uq/);
  });

  it('a written-off, donated, lost or pending-transfer asset cannot be lent (409, nothing written)', async () => {
    const admin = await as(a.users.admin);
    const cases: Array<[string, string]> = [
      ["status = 'baixado'", LOAN_MSG.writtenOff],
      ["status = 'baixado', doado = true", LOAN_MSG.writtenOff],
      ['doado = true', LOAN_MSG.donated],
      ["status = 'extraviado'", LOAN_MSG.lost],
      ['transferencia_pendente = true', LOAN_MSG.pendingTransfer],
    ];
    for (const [set, message] of cases) {
      const p = await asset();
      await q(`update patrimonios set ${set} where id = $1`, [p.id]);
      const before = await snapshot(a.id);
      const r = await admin('POST', '/api/emprestimos', body(p));
      expect(r.status, set).toBe(409);
      expect(r.body.error.message, set).toBe(message);
      expect(await snapshot(a.id), set).toEqual(before);
    }
  });
});

describe('loans: bad input changes nothing', () => {
  let p: TestPatrimonio;
  beforeAll(async () => {
    p = await asset();
  });

  const refused = async (
    who: TestUser,
    payload: unknown,
    status: number,
    check?: { message?: string; field?: string },
  ) => {
    const call = await as(who); // signing in writes an audit row of its own
    const before = await snapshot(a.id);
    const r = await call('POST', '/api/emprestimos', payload);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    if (check?.message) expect(r.body.error.message).toBe(check.message);
    if (check?.field) expect(r.body.error.fields?.[check.field]).toBeTruthy();
    expect(await snapshot(a.id)).toEqual(before);
    return r;
  };

  it('a past return date → 400', async () => {
    await refused(a.users.admin, body(p, { dataPrevistaDevolucao: inDays(-1) }), 400, {
      message: LOAN_MSG.dueDatePast,
      field: 'dataPrevistaDevolucao',
    });
    await refused(a.users.admin, body(p, { dataPrevistaDevolucao: '2025-02-30' }), 400, {
      field: 'dataPrevistaDevolucao',
    });
    await refused(a.users.admin, body(p, { dataPrevistaDevolucao: inDays(6 * 366) }), 400, {
      message: LOAN_MSG.dueDateTooFar,
    });
  });

  it('a missing or blank tomadorNome → 400', async () => {
    const { tomadorNome, ...rest } = body(p);
    void tomadorNome;
    await refused(a.users.admin, rest, 400, { message: LOAN_MSG.tomadorRequired, field: 'tomadorNome' });
    await refused(a.users.admin, body(p, { tomadorNome: '   ' }), 400, { message: LOAN_MSG.tomadorRequired });
  });

  it('an invalid CPF, CNPJ or document → 400', async () => {
    await refused(a.users.admin, body(p, { tomadorDocumento: '111.111.111-11' }), 400, {
      message: LOAN_MSG.cpfInvalid,
      field: 'tomadorDocumento',
    });
    await refused(a.users.admin, body(p, { tomadorDocumento: '11.222.333/0001-80' }), 400, {
      message: LOAN_MSG.cnpjInvalid,
    });
    await refused(a.users.admin, body(p, { tomadorDocumento: '<script>' }), 400, {
      message: LOAN_MSG.documentoInvalid,
    });
  });

  it('unknown fields → 400', async () => {
    await refused(a.users.admin, body(p, { status: 'devolvido' }), 400, { field: 'status' });
    const loan = await newEmprestimo(s, await asset());
    const r = await (
      await as(a.users.admin)
    )('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'bom',
      version: 0,
      returnedAt: '2020-01-01',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.returnedAt).toBe('Campo não permitido.');
    const bad = await (
      await as(a.users.admin)
    )('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'quebrado',
      version: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(LOAN_MSG.estadoRequired);
    expect((await q('select returned_at from emprestimos where id = $1', [loan.id]))[0].returned_at).toBeNull();
  });

  it("another municipality's asset or sector → 404", async () => {
    const theirs = await asset(b);
    await refused(a.users.admin, body(theirs), 404, { message: 'Bem não encontrado.' });
    await refused(a.users.admin, body(p, { setorDestinoId: b.sector.id }), 404, {
      message: LOAN_MSG.sectorNotFound,
      field: 'setorDestinoId',
    });
    expect(await count('select count(*)::int n from emprestimos where patrimonio_id = $1', [theirs.id])).toBe(0);
  });

  it("the asset's own sector as destination → 400", async () => {
    await refused(a.users.admin, body(p, { setorDestinoId: a.sector.id }), 400, { message: LOAN_MSG.sameSector });
  });

  it('visualizador → 403; a usuario with another sector’s asset → 404', async () => {
    await refused(a.users.visualizador, body(p), 403);
    const theirSector = await asset(a, other);
    await refused(a.users.usuario, body(theirSector), 404);
    const loan = await newEmprestimo(s, theirSector);
    const r = await (
      await as(a.users.usuario)
    )('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'bom',
      version: 0,
    });
    expect(r.status).toBe(404);
    const v = await (
      await as(a.users.visualizador)
    )('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'bom',
      version: 0,
    });
    expect(v.status).toBe(403);
    expect((await q('select returned_at from emprestimos where id = $1', [loan.id]))[0].returned_at).toBeNull();
  });
});

describe('loans: the list', () => {
  it('filters by status, search, sector and period, with server paging, within the scope', async () => {
    const t = await newTenant(s);
    const obras = await newSector(s, t.id);
    const u2 = await newUser(s, { municipalityId: t.id, role: 'usuario', sectorIds: [obras.id] });
    const p1 = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id, descricao: 'Projetor Epson' });
    const p2 = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id, descricao: 'Cadeira giratória' });
    // Numbers are upper case (the numbering pattern's); the factory's test prefix is not.
    await q('update patrimonios set numero_patrimonio = upper(numero_patrimonio) where id = $1', [p2.id]);
    const p3 = await newPatrimonio(s, { municipalityId: t.id, sectorId: obras.id, descricao: 'Betoneira' });
    const late = await newEmprestimo(s, p1, { due: inDays(-3), tomador: 'João Conceição' });
    const open = await newEmprestimo(s, p2, { due: inDays(2), tomador: 'Ana Lima' });
    const returned = await newEmprestimo(s, p3, { due: inDays(5), tomador: 'Carlos Souza' });
    await q("update emprestimos set returned_at = now(), return_condition = 'bom' where id = $1", [returned.id]);
    const admin = await as(t.users.admin);
    const ids = async (query: string, who = admin) => {
      const r = await who('GET', `/api/emprestimos${query}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.emprestimos as EmprestimoListItem[]).map((x) => x.id).sort((x, y) => x - y);
    };
    expect(await ids('')).toEqual([late.id, open.id, returned.id]);
    expect(await ids('?status=aberto')).toEqual([late.id, open.id]);
    expect(await ids('?status=atrasado')).toEqual([late.id]);
    expect(await ids('?status=devolvido')).toEqual([returned.id]);
    expect(await ids('?q=conceicao')).toEqual([late.id]);
    expect(await ids(`?q=${encodeURIComponent(p2.numero.toLowerCase())}`)).toEqual([open.id]);
    expect(await ids('?q=betoneira')).toEqual([returned.id]);
    expect(await ids(`?sectorId=${obras.id}`)).toEqual([returned.id]);
    expect(await ids(`?dataDe=${today}&dataAte=${today}`)).toEqual([late.id, open.id, returned.id]);
    expect(await ids(`?dataAte=${inDays(-1)}`)).toEqual([]);
    const list = await admin('GET', '/api/emprestimos?status=atrasado');
    expect(list.body.emprestimos[0].status).toBe('atrasado');
    expect(list.body.atrasados).toBe(1);
    const page = await admin('GET', '/api/emprestimos?sort=tomadorNome&order=asc&pageSize=1&page=2');
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page.body.emprestimos.map((x: EmprestimoListItem) => x.tomadorNome)).toEqual(['Carlos Souza']);
    // A usuario sees the loans of their sectors' assets; the visualizador reads all; others see none.
    expect(await ids('', await as(u2))).toEqual([returned.id]);
    expect(await ids('', await as(t.users.visualizador))).toEqual([late.id, open.id, returned.id]);
    expect((await (await as(u2))('GET', `/api/emprestimos/${late.id}`)).status).toBe(404);
    expect((await (await as(a.users.admin))('GET', `/api/emprestimos/${late.id}`)).status).toBe(404);
    expect(await ids('?status=aberto', await as(a.users.admin))).not.toContain(late.id);
    expect((await admin('GET', '/api/emprestimos?status=emprestado')).status).toBe(400);
    expect((await admin('GET', '/api/emprestimos?pageSize=1000')).status).toBe(400);
  });

  it('the picker finds assets by number or description and says which cannot be lent', async () => {
    const t = await newTenant(s);
    const free = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id, descricao: 'Notebook Dell' });
    const lent = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id, descricao: 'Notebook HP' });
    await newEmprestimo(s, lent);
    const r = await (await as(t.users.usuario))('GET', '/api/emprestimos/bens?q=notebook');
    expect(r.status).toBe(200);
    const byId = new Map(r.body.bens.map((x: { id: number; indisponivel: string | null }) => [x.id, x.indisponivel]));
    expect(byId.get(free.id)).toBeNull();
    expect(byId.get(lent.id)).toBe(LOAN_MSG.alreadyOpen);
    expect((await (await as(t.users.visualizador))('GET', '/api/emprestimos/bens')).status).toBe(403);
  });
});

describe('loans: live events', () => {
  it('reach the rooms that see the asset, never another sector’s usuario or another municipality', async () => {
    const p = await asset();
    const watcher = await s.socket(await a.users.supervisor.token());
    const stranger = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [other.id] });
    const outsider = await s.socket(await stranger.token());
    const foreign = await s.socket(await b.users.admin.token());
    let leaked = 0;
    for (const sock of [outsider, foreign]) {
      sock.on('emprestimo.created', () => leaked++);
      sock.on('emprestimo.updated', () => leaked++);
    }
    const created = nextEvent<LiveEvent<EmprestimoListItem>>(watcher, 'emprestimo.created');
    const lent = await (await as(a.users.usuario))('POST', '/api/emprestimos', body(p));
    expect((await created).data).toEqual(lent.body.emprestimo);
    const updated = nextEvent<LiveEvent<EmprestimoListItem>>(watcher, 'emprestimo.updated');
    await (
      await as(a.users.usuario)
    )('POST', `/api/emprestimos/${lent.body.emprestimo.id}/devolucao`, {
      estadoDevolucao: 'bom',
      version: 0,
    });
    expect((await updated).data.status).toBe('devolvido');
    await sentinel(s, outsider, stranger);
    await sentinel(s, foreign, b.users.admin);
    expect(leaked).toBe(0);
  });
});

describe('loans: the daily overdue job', () => {
  const def = () => jobDefinition('loans.overdue') as SystemJobDefinition;
  const runJob = (payload: unknown) => runSystemJob(s.ctx, def(), payload, { attempt: 1, final: true });
  const notes = async (u: TestUser) =>
    (await (await as(u))('GET', '/api/notificacoes?pageSize=100')).body.notifications as Notification[];

  it('is a daily scheduled system job that refuses a bad payload', async () => {
    expect(def()).toMatchObject({ owner: 'system', schedule: { cron: '0 7 * * *' } });
    expect(await runJob({ today: '2025-13-01' })).toBe('failed');
    expect(await runJob({ extra: 1 })).toBe('failed');
  });

  it('marks overdue loans and notifies lender and admins once; reminds the lender the day before', async () => {
    const t = await newTenant(s);
    const lender = t.users.supervisor;
    const secondAdmin = await newUser(s, { municipalityId: t.id, role: 'admin' });
    const pLate = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id });
    const pSoon = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id });
    const late = await newEmprestimo(s, pLate, { due: inDays(-1), createdById: lender.id, tomador: 'Paulo' });
    const soon = await newEmprestimo(s, pSoon, { due: inDays(1), createdById: t.users.usuario.id, tomador: 'Rita' });
    const watcher = await s.socket(await t.users.visualizador.token());
    const events: Array<LiveEvent<EmprestimoListItem>> = [];
    watcher.on('emprestimo.updated', (e) => events.push(e));

    expect(await runJob({ today })).toBe('completed');
    expect(await runJob({ today })).toBe('completed');

    const overdueText = `O empréstimo do bem ${pLate.numero} para Paulo venceu em ${formatDate(inDays(-1))} e ainda não foi devolvido.`;
    for (const u of [lender, t.users.admin, secondAdmin]) {
      const got = (await notes(u)).filter((n) => n.title === LOAN_MSG.overdueTitle);
      expect(got, u.role).toHaveLength(1);
      expect(got[0]).toMatchObject({ description: overdueText, type: 'loan', link: '/bens/emprestimos' });
    }
    const reminder = (await notes(t.users.usuario)).filter((n) => n.title === LOAN_MSG.dueTomorrowTitle);
    expect(reminder).toHaveLength(1);
    expect(reminder[0].description).toBe(
      `O bem ${pSoon.numero}, emprestado para Rita, deve ser devolvido amanhã (${formatDate(inDays(1))}).`,
    );
    // Nobody else, and no other municipality, hears of it.
    expect(await notes(t.users.visualizador)).toEqual([]);
    expect((await notes(t.users.admin)).filter((n) => n.title === LOAN_MSG.dueTomorrowTitle)).toEqual([]);
    expect((await notes(b.users.admin)).some((n) => n.description.includes(pLate.numero))).toBe(false);
    expect((await audits(late.id)).map((r) => [r.action, r.municipality_id, r.user_id])).toEqual([
      ['EMPRESTIMO_OVERDUE', t.id, null],
    ]);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0].data).toMatchObject({ id: late.id, status: 'atrasado' });

    // Two days later the reminded loan is overdue too: announced once, the first one not again.
    await runJob({ today: inDays(2) });
    await runJob({ today: inDays(2) });
    const lateNotes = (await notes(t.users.admin)).filter((n) => n.title === LOAN_MSG.overdueTitle);
    expect(lateNotes.map((n) => n.description.includes(pSoon.numero) || n.description.includes(pLate.numero))).toEqual([
      true,
      true,
    ]);
    expect((await notes(t.users.usuario)).filter((n) => n.title === LOAN_MSG.overdueTitle)).toHaveLength(1);
    expect((await audits(soon.id)).map((r) => r.action)).toEqual(['EMPRESTIMO_OVERDUE']);
  });

  it('a loan returned in time is neither reminded nor marked', async () => {
    const t = await newTenant(s);
    const p = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id });
    const loan = await newEmprestimo(s, p, { due: inDays(1), createdById: t.users.supervisor.id });
    await q('update emprestimos set returned_at = now() where id = $1', [loan.id]);
    await runJob({ today });
    await runJob({ today: inDays(3) });
    expect(await notes(t.users.supervisor)).toEqual([]);
    expect(await notes(t.users.admin)).toEqual([]);
    expect(await audits(loan.id)).toEqual([]);
  });
});
