import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefeituraOf, type Job, type ReportPreview, type ReportTemplate } from '@tombo/shared';
import { runScheduledReports } from '../../server/src/modules/relatorios/jobs/reports-scheduled.handler';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { pdfText } from '../support/pdf';
import { newSector, ownerQuery, world, type TestWorld } from '../support/factories';

// POST /api/relatorios → `report.generate` (inline or BullMQ), the PDF read back with pdftotext; the
// preview; the scheduled sweep `reports.scheduled` (one job per due config even when run twice, notified).

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;
let otherSectorNumero = '';
const squeeze = (t: string) => t.replace(/\s+/g, ' ');

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
  // 90 assets of A's sector (types Mobiliário / Informática, 10,50 each) and one in another sector.
  await ownerQuery(
    s,
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao, tipo_nome, status)
     select $1, 'REL-' || lpad(g::text, 4, '0'), 'Cadeira giratória nº ' || g, $2, $3, 10.50,
            case when g % 3 = 0 then 'Informática' else 'Mobiliário' end, 'ativo'
       from generate_series(1, 90) g`,
    [w.A.id, w.A.sector.id, w.A.sector.name],
  );
  const other = await newSector(s, w.A.id, { name: 'Almoxarifado Geral' });
  otherSectorNumero = 'REL-OUTRO-1';
  await ownerQuery(
    s,
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao)
     values ($1, $2, 'Armário do almoxarifado', $3, $4, 999.99)`,
    [w.A.id, otherSectorNumero, other.id, other.name],
  );
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

async function templateNamed(token: string, name: string): Promise<ReportTemplate> {
  const list = (await client(s.url, token)('GET', '/api/report-templates')).body.templates as ReportTemplate[];
  return list.find((t) => t.name === name)!;
}

describe('report.generate', () => {
  it("renders the template's layout: branding header, table, totals in R$, SVG chart and 'Página X de Y'", async () => {
    const token = await w.A.users.admin.token();
    const tpl = await templateNamed(token, 'Relatório Resumido com Gráfico');
    const r = await client(s.url, token)('POST', '/api/relatorios', {
      templateId: tpl.id,
      filtros: { sectorId: w.A.sector.id, status: ['ativo'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.job.name).toBe('report.generate');
    const job: Job = await waitJob(s, token, r.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job.fileName).toMatch(/^relatorio-resumido-com-grafico-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    const all = squeeze(pages.join(' '));
    expect(all).toContain(prefeituraOf(w.A.name)); // "Município Teste …" → "Prefeitura Municipal de Teste …"
    expect(all).toContain('Relatório Resumido com Gráfico');
    expect(all).toContain(`Setor: ${w.A.sector.name}`);
    // The TEXT block's placeholders, the table's totals (90 × R$ 10,50 + the factory asset's R$ 100,00).
    // (pdftotext -layout puts the chart beside the text block on the same lines.)
    expect(all).toContain('Resumo do patrimônio: 91 bens, no valor total');
    expect(all).toContain('de R$ 1.045,00.');
    expect(all).toMatch(/Total de bens: 91 · Valor total: R\$ 1\.045,00/);
    // The totals row closes the table once (not repeated at the foot of every page).
    expect(all.match(/Total: 91 bens/g)?.length).toBe(1);
    for (const n of ['REL-0001', 'REL-0045', 'REL-0090']) expect(all).toContain(n);
    expect(all).not.toContain(otherSectorNumero);
    // The chart (vector SVG: its labels are text in the PDF).
    expect(all).toContain('Quantidade de bens por tipo de bem');
    expect(all).toMatch(/Mobiliário\s+60/);
    expect(all).toMatch(/Informática\s+30/);
    pages.forEach((p, i) => {
      expect(squeeze(p)).toContain(`Página ${i + 1} de ${pages.length}`);
      expect(squeeze(p)).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    });
  });

  it('a usuario gets only the assets of its sectors, whatever filters it sends', async () => {
    const token = await w.A.users.usuario.token();
    const tpl = await templateNamed(token, 'Relatório Tabular Padrão');
    const r = await client(s.url, token)('POST', '/api/relatorios', { templateId: tpl.id, sectorIds: [] });
    expect(r.status).toBe(400);
    const ok = await client(s.url, token)('POST', '/api/relatorios', { templateId: tpl.id });
    expect(ok.status).toBe(202);
    const job = await waitJob(s, token, ok.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const all = squeeze((await pdfText((await jobDownload(s, token, job.id)).bytes)).join(' '));
    expect(all).toContain('REL-0001');
    expect(all).not.toContain(otherSectorNumero);
    const payload = await ownerQuery<{ payload: { sectorIds: number[] } }>(
      s,
      'select payload from jobs where id = $1',
      [job.id],
    );
    expect(payload[0].payload.sectorIds).toEqual([w.A.sector.id]);
  });

  it('the superuser cannot generate (403); a body with an unknown template is 404', async () => {
    expect((await client(s.url, await w.superuser.token())('POST', '/api/relatorios', { templateId: 1 })).status).toBe(
      403,
    );
    const r = await client(s.url, await w.A.users.visualizador.token())('POST', '/api/relatorios', {
      templateId: 2147483600,
    });
    expect(r.status).toBe(404);
  });
});

describe('GET /api/relatorios/preview', () => {
  it('answers the first rows, totals and chart series with the filters', async () => {
    const token = await w.A.users.visualizador.token();
    const tpl = await templateNamed(token, 'Relatório Resumido com Gráfico');
    const r = await client(s.url, token)(
      'GET',
      `/api/relatorios/preview?templateId=${tpl.id}&status=ativo&sectorId=${w.A.sector.id}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const p: ReportPreview = r.body;
    expect(p.total).toBe(91);
    expect(p.valorTotal).toBe('1045.00');
    expect(p.rows.length).toBe(50);
    expect(p.rows[0].valor_aquisicao).toBe('R$\u00a010,50');
    expect(p.columns.map((c) => c.key)).toEqual(tpl.fields);
    expect(p.charts[0].series).toEqual([
      { label: 'Mobiliário', value: 60 },
      { label: 'Informática', value: 30 },
      { label: 'Sem tipo de bem', value: 1 },
    ]);
    const bad = await client(s.url, token)('GET', `/api/relatorios/preview?templateId=${tpl.id}&status=quebrado`);
    expect(bad.status).toBe(400);
  });
});

describe('reports.scheduled', () => {
  it('turns a due config into exactly one job of its owner even when two sweeps race, and notifies', async () => {
    const owner = w.A.users.supervisor;
    const token = await owner.token();
    const tpl = await templateNamed(token, 'Relatório Tabular Padrão');
    const saved = await client(s.url, token)('POST', '/api/report-configs', {
      name: 'Semanal do setor',
      templateId: tpl.id,
      filtros: { sectorId: w.A.sector.id },
      agendamento: { frequencia: 'diaria', hora: '06:00' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const due = new Date(saved.body.config.proximaExecucao);
    const later = new Date(due.getTime() + 60_000);
    const [a, b] = await Promise.all([runScheduledReports(s.ctx, later), runScheduledReports(s.ctx, later)]);
    expect(a.created + b.created).toBe(1);
    expect((await runScheduledReports(s.ctx, later)).created).toBe(0);
    const jobs = await ownerQuery<{ id: string; notify_owner: boolean; title: string }>(
      s,
      `select id, notify_owner, title from jobs where owner_id = $1 and name = 'report.generate'`,
      [owner.id],
    );
    expect(jobs.length).toBe(1);
    expect(jobs[0].notify_owner).toBe(true);
    const job = await waitJob(s, token, jobs[0].id);
    expect(job.status, job.error ?? '').toBe('completed');
    const [cfg] = await ownerQuery<{ next_run_at: Date; last_run_at: Date }>(
      s,
      'select next_run_at, last_run_at from relatorio_configs where id = $1',
      [saved.body.config.id],
    );
    expect(cfg.last_run_at.getTime()).toBe(later.getTime());
    expect(cfg.next_run_at.getTime()).toBe(due.getTime() + 24 * 3600_000);
    for (let i = 0; i < 100; i++) {
      const n = await ownerQuery<{ title: string; link: string }>(
        s,
        `select title, link from notifications where user_id = $1 and dedupe_key = $2`,
        [owner.id, `job:${job.id}`],
      );
      if (n.length) {
        expect(n[0]).toEqual({ title: 'Arquivo pronto', link: '/downloads' });
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no notification for the scheduled report');
  });

  it('from a process without a queue (the worker, the inline timer) the job is handed over and completes', async () => {
    const owner = w.A.users.admin;
    const token = await owner.token();
    const tpl = await templateNamed(token, 'Relatório Tabular Padrão');
    const saved = await client(s.url, token)('POST', '/api/report-configs', {
      name: 'Mensal',
      templateId: tpl.id,
      agendamento: { frequencia: 'mensal', hora: '23:59', diaMes: 31 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const later = new Date(new Date(saved.body.config.proximaExecucao).getTime() + 1000);
    const { queue: _queue, ...noQueue } = s.ctx;
    // (The daily config of the test above may be due again by then: it runs too.)
    expect((await runScheduledReports(noQueue, later)).created).toBeGreaterThanOrEqual(1);
    const [row] = await ownerQuery<{ id: string }>(
      s,
      `select id from jobs where owner_id = $1 and name = 'report.generate' and title = 'Relatório agendado — Mensal (PDF)'`,
      [owner.id],
    );
    const job = await waitJob(s, token, row.id);
    expect(job.status, job.error ?? '').toBe('completed');
  });
});
