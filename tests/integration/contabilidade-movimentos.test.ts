import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competenciaDe, isoDayOf, mesIndice, type Backup, type Job, type Rmb, type SaldosMes } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newTenant, newTipoBem, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';
import { ledgerKit } from '../support/ledger';

// Issue 36 (performance): the monthly movements per account (`conta_movements`, migration 0055) that the
// statement (RMB) and the balances read are always the sums of the lines: after the opening and a close, after a
// reopened month's reversal and the close again, after a restore in place and into a new municipality.

let s: TestServer;
let stopWorker: () => Promise<void>;
let su: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  su = await newUser(s, { municipalityId: null, role: 'superuser' });
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await s?.close();
});
const { api, fechar, bem } = ledgerKit(() => s);
const mesAnterior = competenciaDe(mesIndice(isoDayOf(new Date()).slice(0, 7)) - 1);

/** The municipality's lines summed per month, account and statement column (a reversal in its original's). */
const SCAN = `
  select l.competencia, k.code, coalesce(o.fact, l.fact) as fact, sum(p.debit)::text as d, sum(p.credit)::text as c,
         count(*)::int as n
    from partidas p join lancamentos l on l.id = p.lancamento_id
    left join lancamentos o on o.id = l.reverses_lancamento_id
    join contas_contabeis k on k.id = p.conta_id
   where p.municipality_id = $1 group by 1, 2, 3 order by 1, 2, 3`;
const KEPT = `
  select mv.competencia, k.code, mv.fact, mv.debit::text as d, mv.credit::text as c, mv.lines as n
    from conta_movements mv join contas_contabeis k on k.id = mv.conta_id
   where mv.municipality_id = $1 order by 1, 2, 3`;

async function expectKeptEqualsScan(m: number) {
  const scan = await ownerQuery(s, SCAN, [m]);
  expect(scan.length).toBeGreaterThan(0);
  expect(await ownerQuery(s, KEPT, [m])).toEqual(scan);
}

/** The statement and the balances of the month without the accounts' ids (a copy has its own). */
async function papeis(token: string, competencia: string) {
  const a = client(s.url, token);
  const rmb = await a('GET', `/api/contabilidade/rmb?competencia=${competencia}`);
  const saldos = await a('GET', `/api/contabilidade/saldos?competencia=${competencia}`);
  expect(rmb.status, JSON.stringify(rmb.body)).toBe(200);
  expect(saldos.status, JSON.stringify(saldos.body)).toBe(200);
  const r = rmb.body as Rmb;
  const b = saldos.body as SaldosMes;
  return {
    rmb: { ...r, contas: r.contas.map(({ conta: { id: _, ...conta }, ...l }) => ({ ...l, conta })) },
    saldos: b.saldos.map(({ conta: { id: _, ...conta }, ...l }) => ({ ...l, conta })),
  };
}

async function backup(t: TestTenant): Promise<Backup> {
  const token = await t.users.admin.token();
  const res = await client(s.url, token)('POST', '/api/backups', {});
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const job = await waitJob(s, token, res.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  return res.body.backup as Backup;
}

async function restore(b: Backup, body: Record<string, unknown>) {
  const token = await su.token();
  const res = await client(s.url, token)('POST', `/api/superuser/backups/${b.id}/restore`, {
    ...body,
    confirmation: 'RESTAURAR',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  for (;;) {
    const r = await client(s.url, token)('GET', `/api/superuser/backups/jobs/${res.body.job.id}`);
    const job = r.body.job as Job;
    if (job.status === 'failed') throw new Error(job.error ?? 'restore failed');
    if (job.status === 'completed') return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

describe('the monthly movements are the sums of the lines', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant(s);
    const info = await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 });
    const movel = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
    await bem(t, { valor: '6000.00', tipoId: info.id, entrada: '2024-06-10', vida: 60 });
    await bem(t, { valor: '1234.57', tipoId: info.id, entrada: '2024-09-01', vida: 60 });
    await bem(t, { valor: '2400.01', tipoId: movel.id, entrada: '2024-05-20', vida: 120 });
    // Day 31: last month stays open until this month ends (it can be reopened).
    const a = await api(t);
    const cfg = (await a('GET', '/api/contabilidade/config')).body.config;
    expect((await a('PUT', '/api/contabilidade/config', { prazoDia: 31, version: cfg.version })).status).toBe(200);
  }, 120_000);

  it('after the opening and a close, a reopening (reversal) and the close again', async () => {
    await fechar(t, mesAnterior);
    await expectKeptEqualsScan(t.id);
    const antes = await papeis(await t.users.admin.token(), mesAnterior);
    const r = await (await api(t))('DELETE', `/api/depreciacao/fechamentos/${mesAnterior}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await expectKeptEqualsScan(t.id);
    const [estornos] = await ownerQuery<{ n: number }>(
      s,
      `select count(*)::int n from conta_movements where municipality_id = $1 and fact = 'estorno'`,
      [t.id],
    );
    expect(estornos.n).toBe(0); // a reversal counts in its original's column
    await fechar(t, mesAnterior);
    await expectKeptEqualsScan(t.id);
    // The same close again: the same statement (a reversal nets against its original in the original's column);
    // the balances' debits and credits count both, their balance is the same.
    const depois = await papeis(await t.users.admin.token(), mesAnterior);
    expect(depois.rmb).toEqual(antes.rmb);
    expect(depois.saldos.map((l) => [l.conta.codigo, l.saldo])).toEqual(
      antes.saldos.map((l) => [l.conta.codigo, l.saldo]),
    );
  }, 120_000);

  it("a line whose entry does not exist, or is another municipality's, never reaches the database", async () => {
    const [conta] = await ownerQuery<{ id: number }>(
      s,
      `select id from contas_contabeis where municipality_id = $1 order by code limit 1`,
      [t.id],
    );
    const linha = (lancamento: number, municipio = t.id) =>
      ownerQuery(
        s,
        `insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit)
         values ($1, $2, $3, 5, 0), ($1, $2, $3, 0, 5)`,
        [municipio, lancamento, conta.id],
      );
    await expect(linha(9_000_000_000)).rejects.toMatchObject({ code: '23503' });
    const outro = await newTenant(s);
    const [l] = await ownerQuery<{ id: string }>(
      s,
      `select min(id)::text as id from lancamentos where municipality_id = $1`,
      [t.id],
    );
    await expect(linha(Number(l.id), outro.id)).rejects.toThrow(/não pertencem/);
    await expectKeptEqualsScan(t.id);
  });

  it("a restore in place drops what came after the backup; a copy's statement equals the original's", async () => {
    const token = await t.users.admin.token();
    const b = await backup(t);
    const original = await papeis(token, mesAnterior);
    // After the backup: the month reopened (a reversal); the restore brings back the month as it was.
    expect((await (await api(t))('DELETE', `/api/depreciacao/fechamentos/${mesAnterior}`)).status).toBe(200);
    expect(await papeis(token, mesAnterior)).not.toEqual(original);
    await restore(b, { target: 'same' });
    await expectKeptEqualsScan(t.id);
    expect(await papeis(token, mesAnterior)).toEqual(original);

    const slug = `copia-mov-${Date.now()}`;
    await restore(b, { target: 'new', name: 'Cópia (movimentos)', slug });
    const [m] = await ownerQuery<{ id: number }>(s, 'select id from municipalities where slug = $1', [slug]);
    await expectKeptEqualsScan(m.id);
    // The copy's users come back without a password: its statement is read by a new admin of the copy.
    const leitor = await newUser(s, { municipalityId: m.id, role: 'admin' });
    expect(await papeis(await leitor.token(), mesAnterior)).toEqual(original);
  }, 180_000);
});
