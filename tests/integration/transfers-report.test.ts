import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TransferReport, Transferencia } from '@tombo/shared';
import { newPatrimonio, newSector, newTenant, type TestSector, type TestTenant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';

// The list's filters and server paging, the report's totals and its XLSX export (spec §2.3 /relatorios/transferencias).

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let other: TestSector;
let stopWorker: () => Promise<void> = async () => undefined;
let made: Transferencia[] = [];
const admin = async () => client(s.url, await A.users.admin.token());
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const shift = (iso: string, days: number) =>
  new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10) + days)).toISOString().slice(0, 10);

async function request(sectorId: number, body: Record<string, unknown>): Promise<Transferencia> {
  const a = await newPatrimonio(s, { municipalityId: A.id, sectorId });
  const r = await (await admin())('POST', '/api/transferencias', { patrimonioId: a.id, motivo: 'Motivo', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.transferencia;
}
const decide = async (t: Transferencia, status: 'aprovada' | 'rejeitada') =>
  expect(
    (
      await (
        await admin()
      )('POST', `/api/transferencias/${t.id}/decisao`, {
        status,
        ...(status === 'rejeitada' ? { comentariosAprovador: 'Sem espaço no destino.' } : {}),
        version: t.version,
      })
    ).status,
  ).toBe(200);

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTenant(s);
  B = await newTenant(s);
  other = await newSector(s, A.id);
  const toOther = { type: 'transferencia', setorDestinoId: other.id };
  const toA = { type: 'transferencia', setorDestinoId: A.sector.id };
  const donation = { type: 'doacao', destinatario: 'Associação de Moradores' };
  made = [
    await request(A.sector.id, toOther),
    await request(A.sector.id, toOther),
    await request(A.sector.id, donation),
    await request(other.id, toA),
    await request(other.id, donation),
  ];
  await decide(made[0], 'aprovada');
  await decide(made[2], 'aprovada');
  await decide(made[3], 'rejeitada');
  // Another municipality's requests never count.
  const b = await newPatrimonio(s, { municipalityId: B.id, sectorId: B.sector.id });
  const theirs = client(s.url, await B.users.admin.token());
  await theirs('POST', '/api/transferencias', { patrimonioId: b.id, type: 'doacao', motivo: 'x', destinatario: 'y' });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('GET /api/transferencias: filters and server paging', () => {
  const ids = async (qs: string) => {
    const r = await (await admin())('GET', `/api/transferencias?${qs}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { ids: (r.body.transferencias as Transferencia[]).map((t) => t.id), total: r.body.total as number };
  };
  const idsOf = (...i: number[]) => i.map((k) => made[k].id).sort((x, y) => y - x);

  it('newest first, each filter alone and together', async () => {
    expect(await ids('')).toEqual({ ids: idsOf(0, 1, 2, 3, 4), total: 5 });
    expect((await ids('status=pendente')).ids).toEqual(idsOf(1, 4));
    expect((await ids('status=aprovada,rejeitada')).ids).toEqual(idsOf(0, 2, 3));
    expect((await ids('type=doacao')).ids).toEqual(idsOf(2, 4));
    expect((await ids(`sectorId=${other.id}`)).ids).toEqual(idsOf(0, 1, 3, 4));
    expect((await ids(`sectorId=${other.id}&type=transferencia&status=pendente`)).ids).toEqual(idsOf(1));
    const numero = made[3].numeroPatrimonio;
    expect((await ids(`numero=${encodeURIComponent(numero.toLowerCase())}`)).ids).toEqual(idsOf(3));
    expect((await ids('numero=ZZZ')).ids).toEqual([]);
    expect((await ids(`dataDe=${today()}&dataAte=${today()}`)).total).toBe(5);
    expect((await ids(`dataDe=${shift(today(), 1)}`)).total).toBe(0);
    expect((await ids(`dataAte=${shift(today(), -1)}`)).total).toBe(0);
  });

  it('pages', async () => {
    const p1 = await ids('pageSize=2&page=1');
    const p3 = await ids('pageSize=2&page=3');
    expect(p1).toEqual({ ids: idsOf(0, 1, 2, 3, 4).slice(0, 2), total: 5 });
    expect(p3).toEqual({ ids: idsOf(0).slice(0, 1), total: 5 });
  });

  it('bad filters are 400 with a pt-BR message', async () => {
    const api = await admin();
    const bad: Array<[string, string]> = [
      ['status=aberta', 'Status inválido.'],
      ['type=venda', 'Tipo inválido: use transferencia ou doacao.'],
      ['dataDe=2024-02-30', 'Data inválida (use AAAA-MM-DD).'],
      [
        `dataDe=${today()}&dataAte=${shift(today(), -1)}`,
        'A data final do período deve ser igual ou posterior à inicial.',
      ],
      ['pageSize=500', 'Página inválida.'],
      ['foo=1', 'Campo não permitido.'],
    ];
    for (const [qs, message] of bad) {
      const r = await api('GET', `/api/transferencias?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.error.message, qs).toBe(message);
    }
  });
});

describe('GET /api/relatorios/transferencias and its XLSX export', () => {
  it('totals, by origin sector and by month; filters apply', async () => {
    const r = await (await admin())('GET', '/api/relatorios/transferencias');
    expect(r.status).toBe(200);
    const report: TransferReport = r.body;
    expect(report.totals).toEqual({
      total: 5,
      transferencias: 3,
      doacoes: 2,
      pendentes: 2,
      aprovadas: 2,
      rejeitadas: 1,
    });
    expect(report.porSetor).toEqual(
      [
        {
          sectorId: A.sector.id,
          setor: A.sector.name,
          total: 3,
          transferencias: 2,
          doacoes: 1,
          pendentes: 1,
          aprovadas: 2,
          rejeitadas: 0,
        },
        {
          sectorId: other.id,
          setor: other.name,
          total: 2,
          transferencias: 1,
          doacoes: 1,
          pendentes: 1,
          aprovadas: 0,
          rejeitadas: 1,
        },
      ].sort((x, y) => x.setor.localeCompare(y.setor, 'en')),
    );
    expect(report.porMes).toEqual([
      { mes: today().slice(0, 7), total: 5, transferencias: 3, doacoes: 2, pendentes: 2, aprovadas: 2, rejeitadas: 1 },
    ]);
    const donations = (await (await admin())('GET', '/api/relatorios/transferencias?type=doacao&status=aprovada')).body;
    expect(donations.totals).toMatchObject({ total: 1, doacoes: 1, aprovadas: 1 });
  });

  it('admin and supervisor only', async () => {
    for (const who of [A.users.usuario, A.users.visualizador]) {
      const api = client(s.url, await who.token());
      expect((await api('GET', '/api/relatorios/transferencias')).status).toBe(403);
      expect((await api('POST', '/api/relatorios/transferencias/export', {})).status).toBe(403);
    }
    expect(
      (await client(s.url, await A.users.supervisor.token())('GET', '/api/relatorios/transferencias')).status,
    ).toBe(200);
  });

  it('the export is a job whose XLSX holds the filtered requests and the totals', async () => {
    const token = await A.users.admin.token();
    const posted = await client(s.url, token)('POST', '/api/relatorios/transferencias/export', {
      status: 'pendente,aprovada',
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    expect(posted.body.job).toMatchObject({ name: 'export.transferencias', title: 'Transferências e doações (XLSX)' });
    const job = await waitJob(s, token, posted.body.job.id);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', progress: 100 });
    expect(job.fileName).toMatch(/^transferencias-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const rowsOf = (name: string) => {
      const rows: unknown[][] = [];
      wb.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const list = rowsOf('Solicitações');
    expect(list[0].slice(0, 4)).toEqual(['Nº Patrimônio', 'Descrição do Bem', 'Tipo', 'Status']);
    expect(
      list
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([made[0], made[1], made[2], made[4]].map((t) => t.numeroPatrimonio).sort());
    const donation = list.find((r) => r[0] === made[2].numeroPatrimonio)!;
    expect(donation.slice(2, 4)).toEqual(['Doação', 'Aprovada']);
    expect(donation[7]).toBe('Associação de Moradores');
    const summary = rowsOf('Resumo');
    expect(summary).toContainEqual(['Status: Pendente, Aprovada']);
    expect(summary).toContainEqual(['Total', 2, 2, 2, 2, 0, 4]);
    const audit = await s.owner.query(
      "select 1 from audit_logs where action = 'EXPORT_REQUEST' and entity_type = 'Transferencia' and municipality_id = $1",
      [A.id],
    );
    expect(audit).toHaveLength(1);
  });
});
