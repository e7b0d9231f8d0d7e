import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_MSG, addDaysISO, formatDate, loanToday, type HistoricoEntry } from '@tombo/shared';
import { newEmprestimo, newPatrimonio, newSector, newTenant, ownerQuery, type TestTenant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

/** Extending a loan (POST /api/emprestimos/:id/prorrogacao): a later date, its history line, its audit row. */
let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const today = loanToday();
const inDays = (n: number) => addDaysISO(today, n);

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
});
afterAll(() => s?.close());

const lent = async (due = inDays(3)) => {
  const p = await newPatrimonio(s, { municipalityId: a.id, sectorId: a.sector.id });
  const loan = await newEmprestimo(s, p, { due, tomador: 'Maria Souza' });
  await ownerQuery(s, 'update emprestimos set reminder_sent_at = now(), overdue_notified_at = now() where id = $1', [
    loan.id,
  ]);
  return { p, loan };
};
const loanRow = async (id: number) =>
  (
    await ownerQuery<{ due: string; reminder: Date | null; overdue: Date | null; version: number }>(
      s,
      `select to_char(due_date, 'YYYY-MM-DD') due, reminder_sent_at reminder, overdue_notified_at overdue, version
       from emprestimos where id = $1`,
      [id],
    )
  )[0];

describe('loan extension', () => {
  it('moves the expected date later, clears the reminder marks, writes history and audit', async () => {
    const { p, loan } = await lent();
    const api = client(s.url, await a.users.usuario.token());
    const res = await api('POST', `/api/emprestimos/${loan.id}/prorrogacao`, {
      dataPrevistaDevolucao: inDays(30),
      motivo: 'Evento prorrogado',
      version: loan.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.emprestimo).toMatchObject({ id: loan.id, dataPrevistaDevolucao: inDays(30), status: 'aberto' });
    expect(await loanRow(loan.id)).toMatchObject({ due: inDays(30), reminder: null, overdue: null, version: 1 });
    const record = (await api('GET', `/api/patrimonios/${p.id}`)).body.patrimonio;
    const [line] = record.historico_movimentacao as HistoricoEntry[];
    expect(line.details).toBe(
      `Empréstimo para Maria Souza prorrogado: devolução prevista passou de ${formatDate(inDays(3))} para ` +
        `${formatDate(inDays(30))}. Motivo: Evento prorrogado`,
    );
    const audit = await ownerQuery(
      s,
      `select action from audit_logs where entity_type = 'Emprestimo' and entity_id = $1`,
      [String(loan.id)],
    );
    expect(audit.map((r) => r.action)).toEqual(['EMPRESTIMO_EXTEND']);
  });

  it('refuses an earlier or past date, a stale version, a returned loan; nothing changes', async () => {
    const { loan } = await lent(inDays(10));
    const api = client(s.url, await a.users.admin.token());
    const before = await loanRow(loan.id);
    const earlier = await api('POST', `/api/emprestimos/${loan.id}/prorrogacao`, {
      dataPrevistaDevolucao: inDays(5),
      version: loan.version,
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.error.fields.dataPrevistaDevolucao).toBe(LOAN_MSG.extendNotLater(inDays(10)));
    const past = await api('POST', `/api/emprestimos/${loan.id}/prorrogacao`, {
      dataPrevistaDevolucao: inDays(-1),
      version: loan.version,
    });
    expect(past.status).toBe(400);
    expect(past.body.error.fields.dataPrevistaDevolucao).toBe(LOAN_MSG.dueDatePast);
    const stale = await api('POST', `/api/emprestimos/${loan.id}/prorrogacao`, {
      dataPrevistaDevolucao: inDays(20),
      version: loan.version + 5,
    });
    expect(stale.status).toBe(409);
    expect(await loanRow(loan.id)).toEqual(before);

    await ownerQuery(s, `update emprestimos set returned_at = now(), return_condition = 'bom' where id = $1`, [
      loan.id,
    ]);
    const returned = await api('POST', `/api/emprestimos/${loan.id}/prorrogacao`, {
      dataPrevistaDevolucao: inDays(20),
      version: loan.version,
    });
    expect(returned.status).toBe(409);
    expect(returned.body.error.message).toBe(LOAN_MSG.extendReturned);
  });

  it('is 403 for a visualizador, 404 for another municipality and for a usuario of another sector', async () => {
    const { loan } = await lent();
    const body = { dataPrevistaDevolucao: inDays(30), version: loan.version };
    const path = `/api/emprestimos/${loan.id}/prorrogacao`;
    expect((await client(s.url, await a.users.visualizador.token())('POST', path, body)).status).toBe(403);
    expect((await client(s.url, await b.users.admin.token())('POST', path, body)).status).toBe(404);
    const elsewhere = await newSector(s, a.id);
    await ownerQuery(s, 'update user_sectors set sector_id = $1 where user_id = $2', [
      elsewhere.id,
      a.users.usuario.id,
    ]);
    expect((await client(s.url, await a.users.usuario.token())('POST', path, body)).status).toBe(404);
    expect((await loanRow(loan.id)).version).toBe(loan.version);
  });
});
