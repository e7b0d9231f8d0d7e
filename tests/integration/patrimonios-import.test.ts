import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  PATRIMONIO_SHEET_COLUMNS,
  standardSheetColumns,
  type ImportReport,
  type Patrimonio,
  type PatrimonioListItem,
} from '@tombo/shared';
import { writePatrimoniosXlsx } from '../../server/src/modules/patrimonios/sheet';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import {
  newFormaAquisicao,
  newTenant,
  newTipoBem,
  newTown,
  newUser,
  type TestSectorWithLocais,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

let s: TestServer;
/** Own municipality (the usuario in AD and TI), another one, and a superuser. */
let A: TestTown;
let B: TestTenant;
let SU: TestUser;
let sectors: Record<string, TestSectorWithLocais>;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (u: TestUser) => client(s.url, await u.token());
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-import-'));

async function importFile(who: TestUser, bytes: Buffer, name: string, mode: 'dry-run' | 'commit') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/api/patrimonios/import?mode=${mode}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await who.token()}` },
    body: form,
  });
  const body = await res.json();
  if (mode === 'dry-run' || res.status !== 202) return { status: res.status, body };
  // The commit is a job: wait for it, then read its report (the job's JSON result file).
  const token = await who.token();
  const job = await waitJob(s, token, body.job.id);
  if (job.status !== 'completed') return { status: 500, body: job };
  return { status: 200, body: JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) };
}
const HEAD = PATRIMONIO_SHEET_COLUMNS.map((c) => c.header).join(';');

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  B = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  sectors = A.sectors;
  const admin = await as(A.users.admin);
  await newTipoBem(s, A.id, { name: 'Mobiliário' });
  await newTipoBem(s, A.id, { name: 'Veículos' });
  await newFormaAquisicao(s, A.id, { nome: 'Compra' });
  await admin('POST', '/api/asset-form-fields', { label: 'Marca', type: 'TEXT' });
  await admin('POST', '/api/asset-form-fields', { label: 'Garantia até', type: 'DATE' });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('import', () => {
  it('dry run reports every bad row with its line and a pt-BR reason, writes nothing; commit creates the good rows', async () => {
    const csv = [
      `${HEAD};Marca`,
      `;Mesa de reunião;Mobiliário;Administração;Recepção;Ativo;1.250,50;1;15/03/2024;Compra;Bom;;Tok`,
      `;Cadeira;Mobiliário;Setor Fantasma;;Ativo;100;1;;;;;`,
      `;;Mobiliário;Educação;;Ativo;100;1;;;;;`,
      `;Carro;Veículos;Saúde;Farmácia Municipal;Voando;10.123;0;31/02/2024;;Péssimo;;`,
      `;Armário;Mobiliário;Finanças;;;300;2;2023-12-01;;regular;obs;Fiel`,
    ].join('\n');
    const total0 = (await (await as(A.users.admin))('GET', '/api/patrimonios?pageSize=1')).body.total;
    const dry = await importFile(A.users.admin, Buffer.from(csv), 'bens.csv', 'dry-run');
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const rep = dry.body as ImportReport;
    expect(rep).toMatchObject({ mode: 'dry-run', total: 5, valid: 2, created: 0 });
    const at = (line: number) => rep.errors.filter((e) => e.line === line).map((e) => `${e.field}: ${e.message}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['Setor: Setor "Setor Fantasma" não encontrado.']);
    expect(at(4)).toEqual(['Descrição do Bem: A descrição do bem é obrigatória.']);
    expect(at(5)).toEqual(
      expect.arrayContaining([
        'Status: Status inválido: "Voando".',
        'Estado de Conservação: Estado de conservação inválido: "Péssimo".',
        'Valor de Aquisição: O valor de aquisição deve ter no máximo 2 casas decimais.',
        'Quantidade: A quantidade deve ser de pelo menos 1.',
        'Data de Aquisição: Data de aquisição inválida (use dd/mm/aaaa).',
      ]),
    );
    expect((await (await as(A.users.admin))('GET', '/api/patrimonios?pageSize=1')).body.total).toBe(total0);

    const commit = await importFile(A.users.admin, Buffer.from(csv), 'bens.csv', 'commit');
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({ mode: 'commit', total: 5, valid: 2, created: 2 });
    const list = (await (await as(A.users.admin))('GET', '/api/patrimonios?q=mesa de reuniao')).body
      .patrimonios as PatrimonioListItem[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      valor_aquisicao: '1250.50',
      data_aquisicao: '2024-03-15',
      local_objeto: 'Recepção',
      forma_aquisicao: 'Compra',
      estado_conservacao: 'bom',
      customFields: { marca: 'Tok' },
    });
    const full = (await (await as(A.users.admin))('GET', `/api/patrimonios/${list[0].id}`)).body
      .patrimonio as Patrimonio;
    expect(full.historico_movimentacao[0].details).toMatch(/importação/);
  });

  it('usuario may import only into their sectors; visualizador not at all; a non-spreadsheet is refused', async () => {
    const csv = `${HEAD}\n;Mesa;Mobiliário;Administração;;;10;1;;;;\n;Mesa;Mobiliário;Finanças;;;10;1;;;;`;
    const r = await importFile(A.users.usuario, Buffer.from(csv), 'u.csv', 'dry-run');
    expect(r.body.valid).toBe(1);
    expect(r.body.errors).toEqual([
      { line: 3, field: 'Setor', message: 'Você só pode cadastrar ou mover bens para os seus setores.' },
    ]);
    expect((await importFile(A.users.visualizador, Buffer.from(csv), 'v.csv', 'dry-run')).status).toBe(403);
    const missing = await importFile(A.users.admin, Buffer.from('Coluna;Outra\n1;2'), 'x.csv', 'dry-run');
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toBe('Coluna obrigatória ausente: "Descrição do Bem".');
    const zip = await importFile(
      A.users.admin,
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]),
      'x.xlsx',
      'dry-run',
    );
    expect(zip.status).toBe(422);
  });

  it('export → import of the same XLSX round-trips every field', async () => {
    const admin = await as(A.users.admin);
    const sectorId = sectors.OB.id;
    const loc = (await admin('GET', `/api/locais?sectorId=${sectorId}`)).body.locais[0];
    const tipo = (await admin('GET', '/api/tipos-bens')).body.tiposBens[0];
    const forma = (await admin('GET', '/api/formas-aquisicao')).body.formasAquisicao[0];
    const originals: Patrimonio[] = [];
    for (const [i, extra] of [
      {
        valor_aquisicao: '0.10',
        data_aquisicao: '2020-02-29',
        estado_conservacao: 'novo',
        status: 'em_uso',
        customFields: { marca: 'Ação & Cia', garantia_ate: '2026-01-31' },
      },
      { valor_aquisicao: '999999999.99', observacoes: 'Linha 1; "aspas"', status: 'ocioso' },
      { valor_aquisicao: '12', quantidade: 7 },
    ].entries()) {
      const r = await admin('POST', '/api/patrimonios', {
        descricao_bem: `Ida e volta ${i} çãé`,
        sectorId,
        localId: loc.id,
        tipoId: tipo.id,
        formaAquisicaoId: forma.id,
        ...extra,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      originals.push(r.body.patrimonio);
    }
    const file = path.join(tmp, 'export.xlsx');
    const progress: number[] = [];
    const out = await writePatrimoniosXlsx(
      s.ctx,
      A.id,
      { q: 'ida e volta' },
      (p) => {
        progress.push(p);
      },
      file,
    );
    expect(out.rows).toBe(3);
    expect(progress.at(-1)).toBe(100);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    // The standard fields (issue 35) come before the custom ones; the custom "Marca" keeps its header.
    expect(header).toEqual([
      ...PATRIMONIO_SHEET_COLUMNS.map((c) => c.header),
      ...standardSheetColumns(['Marca']).map((c) => c.header),
      'Marca',
      'Garantia até',
    ]);
    expect(header).toContain('Marca (campo padrão)');

    const dry = await importFile(A.users.admin, fs.readFileSync(file), 'export.xlsx', 'dry-run');
    expect(dry.body).toMatchObject({ total: 3, valid: 3, errors: [] });
    const commit = await importFile(A.users.admin, fs.readFileSync(file), 'export.xlsx', 'commit');
    expect(commit.body.created).toBe(3);
    const copies = (await admin('GET', '/api/patrimonios?q=ida e volta&pageSize=100&sort=createdAt&order=asc')).body
      .patrimonios as PatrimonioListItem[];
    expect(copies).toHaveLength(6);
    const strip = (p: PatrimonioListItem) => ({
      descricao_bem: p.descricao_bem,
      tipo: p.tipo,
      sectorId: p.sectorId,
      localId: p.localId,
      formaAquisicaoId: p.formaAquisicaoId,
      valor_aquisicao: p.valor_aquisicao,
      quantidade: p.quantidade,
      data_aquisicao: p.data_aquisicao,
      status: p.status,
      estado_conservacao: p.estado_conservacao,
      customFields: p.customFields,
    });
    const byDesc = (list: PatrimonioListItem[]) =>
      list.map(strip).sort((a, b) => a.descricao_bem.localeCompare(b.descricao_bem));
    const orig = byDesc(copies.filter((c) => originals.some((o) => o.id === c.id)));
    const imported = byDesc(copies.filter((c) => !originals.some((o) => o.id === c.id)));
    expect(imported).toEqual(orig);
    const fullOrig = (await admin('GET', `/api/patrimonios/${originals[1].id}`)).body.patrimonio as Patrimonio;
    const twin = copies.find((c) => c.descricao_bem === fullOrig.descricao_bem && c.id !== fullOrig.id)!;
    expect((await admin('GET', `/api/patrimonios/${twin.id}`)).body.patrimonio.observacoes).toBe(fullOrig.observacoes);
  });

  it('5,000 rows import in one commit with consecutive numbers per sector', { timeout: 120_000 }, async () => {
    const lines = [HEAD];
    for (let i = 0; i < 5000; i++)
      lines.push(
        `;Item de teste em massa ${i};Mobiliário;${i % 2 ? 'Saúde' : 'Educação'};;Ativo;${(i % 997) + 0.25};1;01/06/2023;Compra;Bom;;`,
      );
    const bytes = Buffer.from(lines.join('\n'));
    const commit = await importFile(A.users.admin, bytes, 'massa.csv', 'commit');
    expect(commit.status, JSON.stringify(commit.body).slice(0, 500)).toBe(200);
    expect(commit.body).toMatchObject({ total: 5000, valid: 5000, created: 5000, errors: [] });
    const sa = (
      await (
        await as(A.users.admin)
      )(
        'GET',
        `/api/patrimonios?q=item de teste em massa&sectorId=${sectors.SA.id}&sort=numero_patrimonio&order=asc&pageSize=100`,
      )
    ).body;
    expect(sa.total).toBe(2500);
    const seqs = sa.patrimonios.map((p: PatrimonioListItem) => Number(p.numero_patrimonio.slice(-6)));
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => seqs[0] + i));
  });
});

describe('public consultation', () => {
  it('public fields only, per municipality, only while enabled; by number for the QR page', async () => {
    const admin = await as(A.users.admin);
    const tipo = (await admin('GET', '/api/tipos-bens')).body.tiposBens[0];
    const p = (
      await admin('POST', '/api/patrimonios', {
        descricao_bem: 'Bebedouro público',
        sectorId: sectors.SA.id,
        tipoId: tipo.id,
        valor_aquisicao: '800.00',
        data_aquisicao: '2022-01-10',
      })
    ).body.patrimonio as Patrimonio;
    const anon = client(s.url);
    const list = await anon('GET', `/api/public/patrimonios?municipio=${A.slug}&q=bebedouro`);
    expect(list.status).toBe(200);
    expect(list.body.patrimonios).toHaveLength(1);
    expect(Object.keys(list.body.patrimonios[0]).sort()).toEqual([
      'data_aquisicao',
      'descricao_bem',
      'local_objeto',
      'municipio',
      'numero_patrimonio',
      'setor_responsavel',
      'status',
      'tipo',
    ]);
    // The value as a value (a random municipality name may hold the digits 800: 'Município Teste dc30800').
    expect(JSON.stringify(list.body)).not.toMatch(new RegExp(`\\b800(\\.0+)?\\b|${A.users.admin.name}|@`));
    const one = await anon('GET', `/api/public/patrimonios/${p.numero_patrimonio}?municipio=${A.slug}`);
    expect(one.status).toBe(200);
    expect(one.body.patrimonio).toMatchObject({
      numero_patrimonio: p.numero_patrimonio,
      municipio: A.name,
    });
    // a number that is not that municipality's
    expect((await anon('GET', `/api/public/patrimonios/${p.numero_patrimonio}?municipio=${B.slug}`)).status).toBe(404);
    expect((await anon('GET', '/api/public/patrimonios')).status).toBe(400);
    expect((await anon('GET', '/api/public/patrimonios?municipio=atlantida')).status).toBe(404);
    expect(
      (await anon('GET', '/api/public/municipios')).body.municipios.map((m: { slug: string }) => m.slug),
    ).toContain(A.slug);

    const su = await as(SU);
    expect(
      (await admin('PUT', '/api/superuser/public-search', { municipalityId: A.id, isPublicSearchEnabled: false }))
        .status,
    ).toBe(403);
    const off = await su('PUT', '/api/superuser/public-search', {
      municipalityId: A.id,
      isPublicSearchEnabled: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.setting.isPublicSearchEnabled).toBe(false);
    expect((await anon('GET', `/api/public/patrimonios?municipio=${A.slug}`)).status).toBe(404);
    expect((await anon('GET', `/api/public/patrimonios/${p.numero_patrimonio}?municipio=${A.slug}`)).status).toBe(404);
    expect(
      (await su('GET', '/api/superuser/public-search')).body.settings.find((x: { slug: string }) => x.slug === A.slug)
        .isPublicSearchEnabled,
    ).toBe(false);
    await su('PUT', '/api/superuser/public-search', { municipalityId: A.id, isPublicSearchEnabled: true });
    expect((await anon('GET', `/api/public/patrimonios?municipio=${A.slug}`)).status).toBe(200);
  });
});
