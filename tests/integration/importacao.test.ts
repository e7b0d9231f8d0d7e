import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type {
  Importacao,
  ImportacaoAnaliseBody,
  ImportacaoAnaliseResult,
  ImportacaoConfirmarBody,
  ImportacaoReport,
  Job,
  LiveEvent,
  Sector,
} from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, jobRecorder, startWorkerIfNeeded, waitJob } from '../support/jobs';
import {
  newFormaAquisicao,
  newTenant,
  newTipoBem,
  newTown,
  ownerQuery,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

// Bringing an existing register in (issue 12): other systems' exports (Latin-1 `;` CSV with quoted
// multi-line fields and decimal commas, XLSX), their own column names and numbers, in one job.

let s: TestServer;
let A: TestTown;
let B: TestTenant;
let mobiliario: { id: number };
let stopWorker: () => Promise<void> = async () => undefined;
const YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()),
);

/** A GEAFIN-like export: every field quoted, `;`, a description with a line break and a `;` inside. */
const HEADER = [
  'Tombamento',
  'Descrição',
  'Lotação',
  'Local',
  'Classe',
  'Tipo Entrada',
  'Valor de aquisição',
  'Valor Atualizado',
  'Data de aquisição',
  'Situação',
  'Estado Conservação',
];
const q = (v: string) => `"${v.replace(/"/g, '""')}"`;
const csvLatin1 = (rows: string[][], sep = ';') =>
  Buffer.from([HEADER, ...rows].map((r) => r.map(q).join(sep)).join('\r\n') + '\r\n', 'latin1');

async function upload(who: TestUser, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/api/importacoes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await who.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
const api = async (who: TestUser) => client(s.url, await who.token());

/** Asks for the analysis (202 `{ job }`), waits for its job; its result file when it completed. */
async function analyseFile(who: TestUser, id: string, body: ImportacaoAnaliseBody) {
  const res = await (await api(who))('POST', `/api/importacoes/${id}/analise`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.job).toMatchObject({ name: 'importacao.analise', status: 'queued' });
  const token = await who.token();
  const job = await waitJob(s, token, res.body.job.id);
  if (job.status !== 'completed') return { job };
  const result = JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) as ImportacaoAnaliseResult;
  expect(result.importacaoId).toBe(id);
  return { job, analise: result.analise, headers: result.headers };
}

/** Upload, analyse with the suggested mapping, confirm with the suggestions (or 'criar'), wait for the job. */
async function importAll(who: TestUser, bytes: Buffer, name: string, extra: Partial<ImportacaoConfirmarBody> = {}) {
  const up = await upload(who, bytes, name);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const imp = up.body.importacao as Importacao;
  const call = await api(who);
  const an = await analyseFile(who, imp.id, { mapping: imp.suggestedMapping });
  expect(an.job.status, an.job.error ?? '').toBe('completed');
  const analise = an.analise!;
  const choose = (list: Array<{ value: string; setor?: string; match: { id: number } | null }>, local = false) =>
    Object.fromEntries(
      list.map((d) => [local ? `${d.setor}\u001f${d.value}` : d.value, d.match ? { id: d.match.id } : { criar: true }]),
    );
  const body = {
    mapping: imp.suggestedMapping,
    valueMapping: {
      setor: choose(analise.distinct.setor),
      local: choose(analise.distinct.local, true),
      tipo: choose(analise.distinct.tipo),
      forma: choose(analise.distinct.forma),
      status: Object.fromEntries(analise.enums.status.map((e) => [e.value, e.suggestion ?? 'ativo'])),
      estado: Object.fromEntries(analise.enums.estado.map((e) => [e.value, e.suggestion])),
    },
    ...extra,
  };
  const conf = await call('POST', `/api/importacoes/${imp.id}/confirmar`, body);
  return { imp, analise, conf, body };
}

async function finish(who: TestUser, jobId: string): Promise<{ job: Job; report?: ImportacaoReport }> {
  const token = await who.token();
  const job = await waitJob(s, token, jobId);
  if (job.status !== 'completed') return { job };
  return { job, report: JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) };
}

const assetsOf = (m: number) =>
  ownerQuery<{
    numero_patrimonio: string;
    descricao_bem: string;
    setor_nome: string;
    local_nome: string | null;
    tipo_nome: string | null;
    forma_nome: string | null;
    valor_aquisicao: string;
    data_aquisicao: string | null;
    status: string;
    estado_conservacao: string | null;
  }>(
    s,
    `select numero_patrimonio, descricao_bem, setor_nome, local_nome, tipo_nome, forma_nome, valor_aquisicao,
            to_char(data_aquisicao, 'YYYY-MM-DD') as data_aquisicao, status, estado_conservacao
       from patrimonios where municipality_id = $1 order by id`,
    [m],
  );

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTown(s);
  B = await newTenant(s);
  mobiliario = await newTipoBem(s, A.id, { name: 'Mobiliário' });
  await newFormaAquisicao(s, A.id, { nome: 'Compra' });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('register import', () => {
  it('a Latin-1 `;` CSV with multi-line quoted fields and decimal commas: detected, previewed, mapped from its own names', async () => {
    const bytes = csvLatin1([
      [
        '000123',
        'Mesa de reunião; 8 lugares\nmadeira maciça',
        'Administração',
        'Sala da Diretoria',
        'Mobiliário',
        'Compra',
        '1.250,50',
        '1.000,00',
        '15/03/2024',
        'ATIVO',
        'BOM',
      ],
    ]);
    const up = await upload(A.users.admin, bytes, 'relatorio-bens.csv');
    expect(up.status).toBe(201);
    const imp = up.body.importacao as Importacao;
    expect(imp).toMatchObject({ format: 'csv', encoding: 'ISO-8859-1', separator: ';', hasHeader: true });
    expect(imp.headers).toEqual(HEADER);
    expect(imp.preview[0][1]).toBe('Mesa de reunião; 8 lugares\nmadeira maciça');
    expect(imp.suggestedMapping).toMatchObject({
      numero: 0,
      descricao: 1,
      setor: 2,
      local: 3,
      tipo: 4,
      forma: 5,
      valor: 6,
      data: 8,
      status: 9,
      estado: 10,
    });
    // The upload is a real stored file under DATA_DIR, not kept in the database.
    const [row] = await ownerQuery<{ file_path: string }>(s, 'select file_path from importacoes where id = $1', [
      imp.id,
    ]);
    expect(row.file_path).toMatch(/^files\/importacoes\/\d+\/[0-9a-f-]+\.csv$/);
  });

  it('imports with the numbers as they are, creates and maps catalogs, and the counters continue after the imported numbers', async () => {
    const bytes = csvLatin1([
      [
        '000123',
        'Mesa de reunião; 8 lugares\nmadeira maciça',
        'Administração',
        'Sala da Diretoria',
        'mobiliario',
        'Compra',
        '1.250,50',
        '',
        '15/03/2024',
        'ATIVO',
        'BOM',
      ],
      [
        `${YEAR}AD000050`,
        'Cadeira giratória',
        'Administração',
        '',
        'Mobiliário',
        'Doação',
        '350,00',
        '',
        '01/02/2020',
        'ATIVO',
        'REGULAR',
      ],
      [
        'X-77',
        'Notebook "Dell"',
        'Almoxarifado Central',
        'Prateleira 3',
        'Informática',
        'Compra',
        '4.999,99',
        '',
        '31/12/2023',
        'DESCARREGADO',
        'N/A',
      ],
    ]);
    // The list's cached count (keyed by the municipality's asset_versions row, bumped once at the end of
    // the import) counts the imported assets at once.
    const listTotal = async () => (await (await api(A.users.admin))('GET', '/api/patrimonios?pageSize=1')).body.total;
    await ownerQuery(s, 'insert into asset_versions (municipality_id, version) values ($1, 5) on conflict do nothing', [
      A.id,
    ]);
    const totalBefore = await listTotal();
    const { analise, conf } = await importAll(A.users.admin, bytes, 'geafin.csv');
    expect(analise).toMatchObject({ total: 3, valid: 3, errorCount: 0, duplicates: 0 });
    expect(analise.distinct.setor.map((d) => [d.value, d.match?.id ?? null])).toEqual([
      ['Administração', A.sectors.AD.id],
      ['Almoxarifado Central', null],
    ]);
    expect(analise.distinct.tipo.find((d) => d.value === 'mobiliario')?.match?.name).toBe('Mobiliário');
    expect(analise.enums.status.map((e) => [e.value, e.suggestion])).toEqual([
      ['ATIVO', 'ativo'],
      ['DESCARREGADO', 'baixado'],
    ]);
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    const { job, report } = await finish(A.users.admin, conf.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(report).toMatchObject({ total: 3, created: 3, createdCatalogs: { setor: 1, local: 1, tipo: 1, forma: 1 } });
    expect(await listTotal()).toBe(totalBefore + 3);
    const rows = await assetsOf(A.id);
    expect(rows.map((r) => r.numero_patrimonio)).toEqual(['000123', `${YEAR}AD000050`, 'X-77']);
    expect(rows[0]).toMatchObject({
      descricao_bem: 'Mesa de reunião; 8 lugares\nmadeira maciça',
      setor_nome: 'Administração',
      local_nome: 'Sala da Diretoria',
      tipo_nome: 'Mobiliário',
      forma_nome: 'Compra',
      valor_aquisicao: '1250.50',
      data_aquisicao: '2024-03-15',
      status: 'ativo',
      estado_conservacao: 'bom',
    });
    expect(rows[2]).toMatchObject({
      descricao_bem: 'Notebook "Dell"',
      setor_nome: 'Almoxarifado Central',
      local_nome: 'Prateleira 3',
      tipo_nome: 'Informática',
      status: 'baixado',
      estado_conservacao: null,
    });
    const [created] = await ownerQuery<{ code: string }>(
      s,
      `select code from sectors where municipality_id = $1 and name = 'Almoxarifado Central'`,
      [A.id],
    );
    expect(created.code).toMatch(/^[A-Z0-9]{2}$/);
    // The next asset of the sector is numbered after the imported one.
    const admin = await api(A.users.admin);
    const next = await admin('POST', '/api/patrimonios', {
      descricao_bem: 'Novo depois da importação',
      sectorId: A.sectors.AD.id,
      tipoId: mobiliario.id,
      valor_aquisicao: '10',
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.patrimonio.numero_patrimonio).toBe(`${YEAR}AD000051`);
    const logs = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where municipality_id = $1 and entity_type = 'Importacao' order by id`,
      [A.id],
    );
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['IMPORTACAO_UPLOAD', 'IMPORTACAO_REQUEST', 'IMPORTACAO_COMMIT']),
    );
  });

  it('an XLSX export (own column names, numbers as numbers) imports too', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Bens');
    ws.addRow(['Nº Patrimônio', 'Descrição', 'Unidade', 'Vlr. Aquisição', 'Data Aquisição', 'Conservação']);
    ws.addRow([5001, 'Armário de aço\ncom 2 portas', 'Educação', 899.9, new Date(Date.UTC(2019, 4, 3)), 'Ótimo']);
    ws.addRow(['5002', 'Bebedouro', 'Saúde', '1.050,00', '03/05/19', 'Ruim']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const { imp, analise, conf } = await importAll(A.users.admin, bytes, 'planilha.xlsx');
    expect(imp).toMatchObject({ format: 'xlsx', encoding: null, separator: null });
    expect(imp.suggestedMapping).toMatchObject({ numero: 0, descricao: 1, setor: 2, valor: 3, data: 4, estado: 5 });
    expect(analise).toMatchObject({ total: 2, errorCount: 0 });
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    const { job } = await finish(A.users.admin, conf.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const rows = (await assetsOf(A.id)).filter((r) => r.numero_patrimonio.startsWith('500'));
    expect(rows).toMatchObject([
      {
        numero_patrimonio: '5001',
        valor_aquisicao: '899.90',
        data_aquisicao: '2019-05-03',
        setor_nome: 'Educação',
        estado_conservacao: 'novo',
      },
      {
        numero_patrimonio: '5002',
        valor_aquisicao: '1050.00',
        data_aquisicao: '2019-05-03',
        setor_nome: 'Saúde',
        estado_conservacao: 'ruim',
      },
    ]);
  });

  it('a file without a header row (`|`, like e-Cidade) is read with numbered columns', async () => {
    const bytes = Buffer.from(
      '901|CADEIRA GIRATÓRIA|Finanças|03/05/19|1050,00\n902|MESA|Finanças|04/05/19|300,00\n',
      'latin1',
    );
    const up = await upload(A.users.admin, bytes, 'bens.txt');
    expect(up.status).toBe(201);
    const imp = up.body.importacao as Importacao;
    expect(imp).toMatchObject({
      separator: '|',
      hasHeader: false,
      headers: ['Coluna 1', 'Coluna 2', 'Coluna 3', 'Coluna 4', 'Coluna 5'],
    });
    expect(imp.preview).toHaveLength(2);
    const an = await analyseFile(A.users.admin, imp.id, {
      hasHeader: false,
      mapping: { numero: 0, descricao: 1, setor: 2, data: 3, valor: 4 },
    });
    expect(an.analise).toMatchObject({ total: 2, valid: 2, errorCount: 0 });
    expect(an.headers).toEqual(['Coluna 1', 'Coluna 2', 'Coluna 3', 'Coluna 4', 'Coluna 5']);
  });

  it('the analysis reports every bad row in pt-BR (line, field, message), downloadable; duplicates in the file or the register are errors; confirm is refused', async () => {
    const bytes = csvLatin1([
      ['000123', 'Já existe no cadastro', 'Administração', '', '', '', '10,00', '', '01/01/2020', '', ''],
      ['N-1', '', 'Administração', '', '', '', 'abc', '', '31/02/2020', '', ''],
      ['N-2', 'Mesa', '', '', '', '', '10,00', '', '', '', ''],
      ['N-3', 'Cadeira', 'Administração', '', '', '', '10,00', '', '', '', ''],
      ['N-3', 'Cadeira repetida', 'Administração', '', '', '', '10,00', '', '', '', ''],
      ['', 'Sem número', 'Administração', '', '', '', '1', '', '', '', ''],
    ]);
    const up = await upload(A.users.admin, bytes, 'ruim.csv');
    const imp = up.body.importacao as Importacao;
    const admin = await api(A.users.admin);
    const a = (await analyseFile(A.users.admin, imp.id, { mapping: imp.suggestedMapping })).analise!;
    const msgs = a.errors.map((e) => `${e.line}|${e.field}|${e.message}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        '2|Nº Patrimônio (tombamento)|O número 000123 já existe no cadastro.',
        '3|Descrição|A descrição do bem é obrigatória.',
        '3|Valor de aquisição|Valor inválido: "abc".',
        '3|Data de aquisição|Data inválida: "31/02/2020" (use dd/mm/aaaa).',
        '4|Setor|O setor é obrigatório.',
        '6|Nº Patrimônio (tombamento)|O número N-3 se repete no arquivo (linha 5).',
        '7|Nº Patrimônio (tombamento)|O número de patrimônio é obrigatório.',
      ]),
    );
    expect(a).toMatchObject({ total: 6, valid: 1, duplicates: 1, errorCount: 7 });
    const csv = await fetch(`${s.url}/api/importacoes/${imp.id}/erros`, {
      headers: { authorization: `Bearer ${await A.users.admin.token()}` },
    });
    expect(csv.status).toBe(200);
    const text = (await csv.text()).replace(/^\ufeff/, '');
    expect(text.split('\n')[0]).toBe('Linha;Campo;Mensagem');
    expect(text).toContain('6;Nº Patrimônio (tombamento);O número N-3 se repete no arquivo (linha 5).');
    const conf = await admin('POST', `/api/importacoes/${imp.id}/confirmar`, { mapping: imp.suggestedMapping });
    expect(conf.status).toBe(422);
    expect(conf.body.error.message).toBe(
      'O arquivo tem 7 erros. Corrija as linhas indicadas e envie o arquivo de novo.',
    );
    // A mapping that was not analysed cannot be confirmed either; a missing required column is named.
    const other = await admin('POST', `/api/importacoes/${imp.id}/confirmar`, {
      mapping: { ...imp.suggestedMapping, local: null },
    });
    expect(other.body.error.message).toBe('Analise o arquivo com este mapeamento antes de importar.');
    const missing = await admin('POST', `/api/importacoes/${imp.id}/analise`, {
      mapping: { ...imp.suggestedMapping, setor: null },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toBe('Escolha a coluna de "Setor".');
  });

  it('every distinct value needs a choice; a choice of another municipality is refused', async () => {
    const bytes = csvLatin1([['V-1', 'Mesa', 'Setor Novo Qualquer', '', 'Tipo Novo', '', '1,00', '', '', '', '']]);
    const up = await upload(A.users.admin, bytes, 'v.csv');
    const imp = up.body.importacao as Importacao;
    const admin = await api(A.users.admin);
    await analyseFile(A.users.admin, imp.id, { mapping: imp.suggestedMapping });
    const none = await admin('POST', `/api/importacoes/${imp.id}/confirmar`, {
      mapping: imp.suggestedMapping,
      valueMapping: { setor: { 'Setor Novo Qualquer': { criar: true } } },
    });
    expect(none.status).toBe(422);
    expect(none.body.error.message).toBe('Escolha o que fazer com "Tipo Novo" em Tipo de bem.');
    const foreign = await admin('POST', `/api/importacoes/${imp.id}/confirmar`, {
      mapping: imp.suggestedMapping,
      valueMapping: { setor: { 'Setor Novo Qualquer': { id: B.sector.id } }, tipo: { 'Tipo Novo': { criar: true } } },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.message).toBe('O valor escolhido para "Setor Novo Qualquer" em Setor não existe.');
  });

  it('all or nothing: a number taken after the analysis fails the job with its line, and nothing (catalogs included) is written', async () => {
    const bytes = csvLatin1([
      ['AON-1', 'Primeiro', 'Setor Que Não Pode Ficar', '', 'Tipo Que Não Pode Ficar', '', '1,00', '', '', '', ''],
      ['AON-2', 'Segundo', 'Setor Que Não Pode Ficar', '', 'Tipo Que Não Pode Ficar', '', '1,00', '', '', '', ''],
    ]);
    const up = await upload(A.users.admin, bytes, 'aon.csv');
    const imp = up.body.importacao as Importacao;
    const admin = await api(A.users.admin);
    const an = await analyseFile(A.users.admin, imp.id, { mapping: imp.suggestedMapping });
    expect(an.analise!.errorCount).toBe(0);
    const before = (await assetsOf(A.id)).length;
    // Someone registers AON-2 between the analysis and the commit.
    await ownerQuery(
      s,
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome)
       values ($1, 'AON-2', 'Cadastrado antes', $2, 'Administração')`,
      [A.id, A.sectors.AD.id],
    );
    const conf = await admin('POST', `/api/importacoes/${imp.id}/confirmar`, {
      mapping: imp.suggestedMapping,
      valueMapping: {
        setor: { 'Setor Que Não Pode Ficar': { criar: true } },
        tipo: { 'Tipo Que Não Pode Ficar': { criar: true } },
      },
    });
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    const { job } = await finish(A.users.admin, conf.body.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('A importação falhou e nada foi gravado. Linha 3: O número AON-2 já existe no cadastro.');
    expect((await assetsOf(A.id)).length).toBe(before + 1);
    const left = await ownerQuery(
      s,
      `select 1 from sectors where name = 'Setor Que Não Pode Ficar' union all select 1 from tipos_bens where name = 'Tipo Que Não Pode Ficar'`,
    );
    expect(left).toEqual([]);
    const again = await admin('GET', `/api/importacoes/${imp.id}`);
    expect(again.body.importacao.status).toBe('falhou');
  });

  it('the analysis is a job of its owner: 202 `{ job }`, progress and completion live, its outcome kept on the upload', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [
      `AN-${i + 1}`,
      `Bem ${i + 1}`,
      'Finanças',
      '',
      '',
      '',
      '1,00',
      '',
      '',
      '',
      '',
    ]);
    const up = await upload(A.users.admin, csvLatin1(rows), 'analise.csv');
    const imp = up.body.importacao as Importacao;
    const socket = await s.socket(await A.users.admin.token());
    const rec = jobRecorder(socket);
    const an = await analyseFile(A.users.admin, imp.id, { mapping: imp.suggestedMapping });
    expect(an.job.status, an.job.error ?? '').toBe('completed');
    expect(an.analise).toMatchObject({ total: 2500, valid: 2500, errorCount: 0 });
    await rec.completed(an.job.id);
    const steps = rec
      .of(an.job.id)
      .filter((e) => e.name === 'job.progress')
      .map((e) => e.event.data.progress);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    const admin = await api(A.users.admin);
    const row = await admin('GET', `/api/importacoes/${imp.id}`);
    expect(row.body.importacao).toMatchObject({ status: 'analisada', jobId: an.job.id });
    const [kept] = await ownerQuery<{ analysis_errors: number; report: { analysedRows: number } }>(
      s,
      'select analysis_errors, report from importacoes where id = $1',
      [imp.id],
    );
    expect(kept).toMatchObject({ analysis_errors: 0, report: { analysedRows: 2500 } });
    // Another municipality's admin does not see the job; a later mapping's analysis replaces this one.
    const other = await (await api(B.users.admin))('GET', `/api/jobs/${an.job.id}`);
    expect(other.status).toBe(404);
    const again = await analyseFile(A.users.admin, imp.id, { mapping: { ...imp.suggestedMapping, local: null } });
    expect(again.job.status).toBe('completed');
    const conf = await admin('POST', `/api/importacoes/${imp.id}/confirmar`, { mapping: imp.suggestedMapping });
    expect(conf.body.error.message).toBe('Analise o arquivo com este mapeamento antes de importar.');
  });

  it('custom form fields (the municipality’s and installation-wide) are target columns, their values checked by type', async () => {
    const admin = await api(A.users.admin);
    expect((await admin('GET', '/api/asset-form-fields')).status).toBe(200); // the defaults are in place first
    const wide = `potencia_${Date.now() % 1_000_000}`;
    await ownerQuery(
      s,
      `insert into asset_form_fields (municipality_id, key, label, type, required, is_custom, options, position)
       values ($1, 'cor', 'Cor', 'SELECT', true, true, '["Azul","Preto"]', 90),
              ($1, 'garantia_ate', 'Garantia até', 'DATE', false, true, null, 91),
              ($1, 'obrigatorio_fora', 'Não está no arquivo', 'TEXT', true, true, null, 92),
              (null, $2, 'Potência (W)', 'NUMBER', false, true, null, 0)`,
      [A.id, wide],
    );
    const header = ['Tombamento', 'Descrição', 'Lotação', 'Cor', 'Garantia até', 'Potência (W)'];
    const file = (rows: string[][]) =>
      Buffer.from([header, ...rows].map((r) => r.map(q).join(';')).join('\r\n') + '\r\n', 'latin1');
    const mapping = { numero: 0, descricao: 1, setor: 2, custom: { cor: 3, garantia_ate: 4, [wide]: 5 } };

    const bad = (
      await upload(
        A.users.admin,
        file([
          ['CF-1', 'Ventilador', 'Administração', 'Verde', '31/02/2025', 'abc'],
          ['CF-2', 'Ventilador', 'Administração', '', '', ''],
        ]),
        'cf-ruim.csv',
      )
    ).body.importacao as Importacao;
    const unknown = await admin('POST', `/api/importacoes/${bad.id}/analise`, {
      mapping: { ...mapping, custom: { nao_existe: 3 } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe('O campo personalizado "nao_existe" não existe no formulário de bens.');
    const twice = await admin('POST', `/api/importacoes/${bad.id}/analise`, {
      mapping: { ...mapping, custom: { cor: 2 } },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error.fields['mapping.custom.cor']).toBe('A mesma coluna foi escolhida para dois campos.');
    const a = (await analyseFile(A.users.admin, bad.id, { mapping })).analise!;
    expect(a.errors.map((e) => `${e.line}|${e.field}|${e.message}`).sort()).toEqual([
      '2|Cor|Escolha uma das opções de Cor.',
      '2|Garantia até|Valor inválido para Garantia até.',
      '2|Potência (W)|Valor inválido para Potência (W).',
      '3|Cor|Cor é obrigatória.',
    ]);

    const good = (
      await upload(
        A.users.admin,
        file([
          ['CF-10', 'Ventilador de teto', 'Administração', 'Azul', '15/03/2025', '1.250,5'],
          ['CF-11', 'Ar-condicionado', 'Administração', 'Preto', '', '9000'],
        ]),
        'cf.csv',
      )
    ).body.importacao as Importacao;
    const an = await analyseFile(A.users.admin, good.id, { mapping });
    expect(an.analise).toMatchObject({ total: 2, errorCount: 0 });
    const conf = await admin('POST', `/api/importacoes/${good.id}/confirmar`, {
      mapping,
      valueMapping: { setor: { Administração: { id: A.sectors.AD.id } } },
    });
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    expect((await finish(A.users.admin, conf.body.job.id)).job.status).toBe('completed');
    const rows = await ownerQuery<{ numero_patrimonio: string; custom_fields: Record<string, unknown> }>(
      s,
      `select numero_patrimonio, custom_fields from patrimonios where municipality_id = $1 and numero_patrimonio like 'CF-1_' order by 1`,
      [A.id],
    );
    expect(rows).toEqual([
      { numero_patrimonio: 'CF-10', custom_fields: { cor: 'Azul', garantia_ate: '2025-03-15', [wide]: 1250.5 } },
      { numero_patrimonio: 'CF-11', custom_fields: { cor: 'Preto', [wide]: 9000 } },
    ]);
    await ownerQuery(s, 'delete from asset_form_fields where municipality_id is null and key = $1', [wide]);
  });

  it('a donated status (DOADO) imports as the register leaves an approved donation: baixado and doado', async () => {
    const bytes = csvLatin1([
      ['DO-1', 'Cadeira doada', 'Administração', '', '', '', '1,00', '', '', 'DOADO', ''],
      ['DO-2', 'Mesa doada', 'Administração', '', '', '', '1,00', '', '', 'Doação', ''],
      ['DO-3', 'Armário baixado', 'Administração', '', '', '', '1,00', '', '', 'BAIXADO', ''],
      ['DO-4', 'Estante', 'Administração', '', '', '', '1,00', '', '', 'ATIVO', ''],
    ]);
    const { analise, conf } = await importAll(A.users.admin, bytes, 'doados.csv');
    expect(analise.enums.status.map((e) => [e.value, e.suggestion])).toEqual([
      ['ATIVO', 'ativo'],
      ['BAIXADO', 'baixado'],
      ['Doação', 'doado'],
      ['DOADO', 'doado'],
    ]);
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    expect((await finish(A.users.admin, conf.body.job.id)).job.status).toBe('completed');
    const rows = await ownerQuery<{ numero_patrimonio: string; status: string; doado: boolean; details: string }>(
      s,
      `select p.numero_patrimonio, p.status, p.doado, h.details
         from patrimonios p join patrimonio_historico h on h.patrimonio_id = p.id
        where p.municipality_id = $1 and p.numero_patrimonio like 'DO-_' order by 1`,
      [A.id],
    );
    expect(rows.map((r) => [r.numero_patrimonio, r.status, r.doado])).toEqual([
      ['DO-1', 'baixado', true],
      ['DO-2', 'baixado', true],
      ['DO-3', 'baixado', false],
      ['DO-4', 'ativo', false],
    ]);
    expect(rows[0].details).toBe('Bem DO-1 cadastrado por importação do cadastro anterior (baixado por doação).');
    // The asset shows as donated (loans and transfers refuse a donated asset).
    const [{ id }] = await ownerQuery<{ id: number }>(
      s,
      `select id from patrimonios where municipality_id = $1 and numero_patrimonio = 'DO-1'`,
      [A.id],
    );
    const asset = await (await api(A.users.admin))('GET', `/api/patrimonios/${id}`);
    expect(asset.body.patrimonio ?? asset.body).toMatchObject({ doado: true, status: 'baixado' });
  });

  it('a sector the import creates is sent live (sector.created, audited) after the commit; none for a failed import', async () => {
    const watcher = await s.socket(await A.users.supervisor.token());
    const seen: Array<LiveEvent<Sector>> = [];
    watcher.on('sector.created', (e: LiveEvent<Sector>) => seen.push(e));
    const committed: boolean[] = [];
    watcher.on('sector.created', (e: LiveEvent<Sector>) => {
      void ownerQuery(s, 'select 1 from sectors where id = $1', [e.data.id]).then((r) =>
        committed.push(r.length === 1),
      );
    });

    // A failing import creates its sector inside the rolled-back transaction: nothing is sent.
    const failing = csvLatin1([['SV-1', 'Mesa', 'Setor Desfeito', '', '', '', '1,00', '', '', '', '']]);
    const imp = (await upload(A.users.admin, failing, 'desfeito.csv')).body.importacao as Importacao;
    expect((await analyseFile(A.users.admin, imp.id, { mapping: imp.suggestedMapping })).analise?.errorCount).toBe(0);
    await ownerQuery(
      s,
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome)
       values ($1, 'SV-1', 'Cadastrado antes', $2, 'Administração')`,
      [A.id, A.sectors.AD.id],
    );
    const failed = await (
      await api(A.users.admin)
    )('POST', `/api/importacoes/${imp.id}/confirmar`, {
      mapping: imp.suggestedMapping,
      valueMapping: { setor: { 'Setor Desfeito': { criar: true } } },
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(202);
    expect((await finish(A.users.admin, failed.body.job.id)).job.status).toBe('failed');

    const arrived = nextEvent<LiveEvent<Sector>>(watcher, 'sector.created');
    const ok = csvLatin1([['SV-2', 'Mesa', 'Setor Ao Vivo Importado', '', '', '', '1,00', '', '', '', '']]);
    const { conf } = await importAll(A.users.admin, ok, 'ao-vivo.csv');
    expect((await finish(A.users.admin, conf.body.job.id)).job.status).toBe('completed');
    const event = await arrived;
    expect(event.data).toMatchObject({ name: 'Setor Ao Vivo Importado', municipalityId: A.id });
    expect(event.actor?.name).toBe(A.users.admin.name);
    expect(seen.map((e) => e.data.name)).toEqual(['Setor Ao Vivo Importado']);
    await expect.poll(() => committed).toEqual([true]);
    const audit = await ownerQuery(
      s,
      `select 1 from audit_logs where municipality_id = $1 and action = 'SECTOR_CREATE' and entity_id = $2`,
      [A.id, String(event.data.id)],
    );
    expect(audit).toHaveLength(1);
  });

  it('one job, in batches, reports its progress live (job.progress) to its owner', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [
      `P-${i + 1}`,
      `Bem em lote ${i + 1}`,
      'Finanças',
      '',
      '',
      '',
      '10,00',
      '',
      '',
      '',
      '',
    ]);
    const socket = await s.socket(await A.users.admin.token());
    const rec = jobRecorder(socket);
    process.env.IMPORTACAO_BATCH_ROWS = '200';
    try {
      const { conf } = await importAll(A.users.admin, csvLatin1(rows), 'lotes.csv');
      expect(conf.status, JSON.stringify(conf.body)).toBe(202);
      const { job, report } = await finish(A.users.admin, conf.body.job.id);
      expect(job.status, job.error ?? '').toBe('completed');
      expect(report?.created).toBe(1200);
      await rec.completed(job.id);
      const steps = rec
        .of(job.id)
        .filter((e) => e.name === 'job.progress')
        .map((e) => e.event.data.progress);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    } finally {
      delete process.env.IMPORTACAO_BATCH_ROWS;
    }
  });

  it('another municipality cannot see or use the upload (404), nor another user who is not an admin (404); a visualizador may not import (403)', async () => {
    const up = await upload(
      A.users.admin,
      csvLatin1([['T-1', 'Mesa', 'Administração', '', '', '', '1', '', '', '', '']]),
      't.csv',
    );
    const id = (up.body.importacao as Importacao).id;
    const other = await api(B.users.admin);
    expect((await other('GET', `/api/importacoes/${id}`)).status).toBe(404);
    const an = await other('POST', `/api/importacoes/${id}/analise`, {
      mapping: { numero: 0, descricao: 1, setor: 2 },
    });
    expect(an.status).toBe(404);
    expect(an.body.error.message).toBe('Importação não encontrada.');
    expect(
      (await other('POST', `/api/importacoes/${id}/confirmar`, { mapping: { numero: 0, descricao: 1, setor: 2 } }))
        .status,
    ).toBe(404);
    const errs = await fetch(`${s.url}/api/importacoes/${id}/erros`, {
      headers: { authorization: `Bearer ${await B.users.admin.token()}` },
    });
    expect(errs.status).toBe(404);
    // A supervisor imports too (issue 34.3), but only their own uploads: an admin's is not theirs.
    const sup = await api(A.users.supervisor);
    expect((await sup('GET', `/api/importacoes/${id}`)).status).toBe(404);
    const viz = await api(A.users.visualizador);
    expect((await viz('GET', `/api/importacoes/${id}`)).status).toBe(403);
  });
});
