import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { INVENTARIO_MSG, type Job } from '@tombo/shared';
import { JobFailure } from '../../server/src/jobs/define';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newLocal, newPatrimonio, newUser, ownerQuery, world, type TestWorld } from '../support/factories';
import { inventarioBody, leitura } from '../support/inventarios';

// POST /api/inventarios/:id/impressao: the legal report as a PDF rendered by Chromium (issue 10).

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;
let inventarioId = 0;
let comissao: string[] = [];
const assets: Array<{ numero: string; descricao: string }> = [];

/** The PDF's text, page by page joined, whitespace collapsed (Chromium splits runs freely). */
async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages };
}
const squeeze = (t: string) => t.replace(/\s+/g, '');

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
  const other = await newLocal(s, w.A.sector, { name: 'Almoxarifado Central' });
  const descricoes = ['Mesa de reunião <oval> & 8 lugares', 'Projetor Epson PowerLite', 'Armário de aço 2 portas'];
  for (const descricao of descricoes) {
    const p = await newPatrimonio(s, {
      municipalityId: w.A.id,
      sectorId: w.A.sector.id,
      localId: w.A.local.id,
      descricao,
    });
    assets.push({ numero: p.numero, descricao });
  }
  // Named members: every one must get a signature line.
  const members = [
    w.A.users.admin,
    await newUser(s, { municipalityId: w.A.id, role: 'supervisor', name: 'Joana Comissária da Silva' }),
    await newUser(s, { municipalityId: w.A.id, role: 'usuario', name: 'Pedro Inventariante Souza' }),
  ];
  comissao = members.map((m) => m.name);
  const admin = client(s.url, await w.A.users.admin.token());
  const created = await admin('POST', '/api/inventarios', {
    ...inventarioBody(w.A, { title: 'Inventário anual da Secretaria' }),
    comissao: members.map((m) => m.id),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  inventarioId = created.body.inventario.id;
  const read = await admin('POST', `/api/inventarios/${inventarioId}/leituras`, {
    leituras: [
      leitura(assets[0].numero, { estado: 'bom' }),
      leitura(assets[1].numero, { localId: other.id, estado: 'regular' }),
      leitura('NAOEXISTE-123'),
    ],
  });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  expect(read.body.resultados.map((r: { resultado: string }) => r.resultado)).toEqual([
    'found',
    'local_divergente',
    'nao_cadastrado',
  ]);
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

async function print(token: string): Promise<Job> {
  const posted = await client(s.url, token)('POST', `/api/inventarios/${inventarioId}/impressao`);
  expect(posted.status, JSON.stringify(posted.body)).toBe(202);
  expect(posted.body.job).toMatchObject({ name: 'print.inventario', status: 'queued' });
  return waitJob(s, token, posted.body.job.id);
}

describe('POST /api/inventarios/:id/impressao', () => {
  it('renders the report: header, every item with locations, condition, value and outcome, totals, signatures', async () => {
    const token = await w.A.users.supervisor.token();
    const job = await print(token);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', progress: 100 });
    expect(job.title).toBe('Inventário — Inventário anual da Secretaria (PDF)');
    expect(job.fileName).toMatch(new RegExp(`^inventario-${inventarioId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pages } = await pdfText(bytes);
    const has = (t: string) => expect(squeeze(text)).toContain(squeeze(t));
    has('Relatório de Inventário — Inventário anual da Secretaria');
    has('Tipo Anual');
    has('Período desde 15/01/2026 (em andamento)');
    has(`Setor inteiro — ${w.A.sector.name}`);
    for (const a of assets) {
      has(a.numero);
      has(a.descricao); // '<oval> &' printed as text: the template escapes it
    }
    has(`${assets[1].descricao} ${w.A.local.name} Almoxarifado Central Regular`);
    has('Local divergente');
    has('Não encontrado');
    has('R$ 100,00');
    // The tenant's own asset is in the sector too: 4 expected.
    has(`${w.A.asset.numero} Bem de teste ${w.A.asset.numero}`);
    has('Bens esperados 4 R$ 400,00');
    has('Bens encontrados 2 R$ 200,00');
    has('Encontrados em local divergente 1');
    has('Bens não encontrados 2 R$ 200,00');
    has('NAOEXISTE-123 Não cadastrado');
    for (const name of comissao) {
      has(`${name} Membro da comissão inventariante`);
    }
    has(`Página 1 de ${pages}`);
    expect(text).not.toContain('&lt;');
  });

  it("another municipality's inventory is a 404 and no job is created; no token 401", async () => {
    const before = await ownerQuery<{ n: number }>(s, 'select count(*)::int n from jobs where municipality_id = $1', [
      w.B.id,
    ]);
    const r = await client(s.url, await w.B.users.admin.token())('POST', `/api/inventarios/${inventarioId}/impressao`);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(INVENTARIO_MSG.notFound);
    const after = await ownerQuery<{ n: number }>(s, 'select count(*)::int n from jobs where municipality_id = $1', [
      w.B.id,
    ]);
    expect(after[0].n).toBe(before[0].n);
    expect((await client(s.url)('POST', `/api/inventarios/${inventarioId}/impressao`)).status).toBe(401);
    const unknown = await client(s.url, await w.A.users.admin.token())('POST', '/api/inventarios/999999/impressao');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(INVENTARIO_MSG.notFound);
  });

  it("the job itself reads under the requester's municipality: another one's inventory fails it, not retried", async () => {
    const { run } = await import('../../server/src/modules/inventarios/jobs/print-inventario.handler');
    const job = {
      id: 'test',
      name: 'print.inventario' as const,
      title: 'Inventário',
      municipalityId: w.B.id,
      ownerId: w.B.users.admin.id,
      payload: { inventarioId, viewerId: w.B.users.admin.id, sectorIds: null },
      attempt: 1,
      progress: async () => undefined,
      tempPath: (ext: string) => `/tmp/never-written.${ext}`,
    };
    const failure = await run(s.ctx, job).then(
      () => null,
      (e: unknown) => e as JobFailure,
    );
    expect(failure).toBeInstanceOf(JobFailure);
    expect(failure).toMatchObject({ message: INVENTARIO_MSG.notFound, retryable: false });
  });
});
