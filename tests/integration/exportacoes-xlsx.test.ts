import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  ESTADO_CONSERVACAO_LABELS,
  EXPORT_COLUMNS,
  PATRIMONIO_STATUS_LABELS,
  type Job,
  type LiveEvent,
} from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newTown, ownerQuery, type TestTown } from '../support/factories';

// The XLSX data export (issue 11) over several read chunks: a sample of rows read back with exceljs
// equals the register (values and cell types, formats, awkward text); cancelled mid-sheet it leaves
// nothing; an attempt that fails mid-sheet leaves no file and the retry writes the whole one.

const ROWS = 2_400;
let s: TestServer;
let T: TestTown;
let stopWorker: () => Promise<void> = async () => undefined;
const DESCRIPTIONS = [
  'Mesa & cadeira <escritório>',
  '  Armário com espaços  ',
  'Linha 1\nLinha 2',
  '=1+1',
  'Notebook "Dell" 🖥️',
  'Controle\u0001 no meio',
];

const jobFiles = (id: string) => {
  const dir = path.join(s.ctx.config.dataDir, 'files', 'jobs');
  const list = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d).filter((n) => n.startsWith(id)) : []);
  return [...list(dir), ...list(path.join(dir, '.tmp')).map((n) => `.tmp/${n}`)];
};

async function requestXlsx(): Promise<{ token: string; id: string }> {
  const token = await T.users.admin.token();
  const res = await client(s.url, token)('POST', '/api/exportacoes', { formato: 'xlsx' });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return { token, id: res.body.job.id };
}

async function sheetOf(token: string, job: Job) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await jobDownload(s, token, job.id)).bytes as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

/** A trigger on the jobs of this town's admin, while `test` holds, for the length of `fn`. */
async function withJobTrigger(name: string, test: string, body: string, fn: () => Promise<void>) {
  await ownerQuery(
    s,
    `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`,
  );
  await ownerQuery(
    s,
    `create trigger ${name} before update on jobs for each row
       when (new.owner_id = ${T.users.admin.id} and new.status = 'running' and ${test}) execute function ${name}()`,
  );
  try {
    await fn();
  } finally {
    await ownerQuery(s, `drop trigger ${name} on jobs`);
    await ownerQuery(s, `drop function ${name}()`);
  }
}

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  T = await newTown(s);
  const admin = client(s.url, await T.users.admin.token());
  for (const [label, type] of [
    ['Garantia até', 'DATE'],
    ['Potência', 'NUMBER'],
    ['Tombado', 'BOOLEAN'],
  ]) {
    const res = await admin('POST', '/api/asset-form-fields', { label, type });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const keys = await ownerQuery<{ key: string }>(
    s,
    `select key from asset_form_fields where municipality_id = $1 and is_custom order by id`,
    [T.id],
  );
  const [garantia, potencia, tombado] = keys.map((k) => k.key);
  const { AD } = T.sectors;
  await ownerQuery(
    s,
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, local_id, local_nome,
                              valor_aquisicao, quantidade, data_aquisicao, status, estado_conservacao, observacoes, custom_fields)
     select $1, 'XL-' || lpad(g::text, 5, '0'), ($4::text[])[1 + g % 6] || ' ' || g, $2, 'Administração', $3, 'Recepção',
            (g * 37 % 100000) / 100.0, 1 + g % 3, case when g % 5 <> 0 then date '2010-01-01' + g end,
            (array['ativo', 'em_manutencao', 'baixado'])[1 + g % 3], case when g % 2 = 0 then 'regular' end,
            case when g % 7 = 0 then '+55 ' || g end,
            jsonb_build_object('${garantia}', case when g % 3 = 0 then to_char(date '2030-01-01' + g, 'YYYY-MM-DD') end,
                               '${potencia}', g * 1.5, '${tombado}', g % 2 = 0)
       from generate_series(1, $5::int) g`,
    [T.id, AD.id, AD.locais[1].id, DESCRIPTIONS, ROWS],
  );
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('XLSX export over several chunks', () => {
  it('a sample of rows read with exceljs equals the register: values, types, formats', async () => {
    const { token, id } = await requestXlsx();
    const job = await waitJob(s, token, id);
    expect(job.status, job.error ?? '').toBe('completed');
    const ws = await sheetOf(token, job);
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([...EXPORT_COLUMNS.map((c) => c.header), 'Garantia até', 'Potência', 'Tombado']);
    expect(ws.rowCount).toBe(ROWS + 1);

    const rows = await ownerQuery<Record<string, unknown>>(
      s,
      `select numero_patrimonio, descricao_bem, valor_aquisicao::float8 valor, quantidade, data_aquisicao::text data,
              status, estado_conservacao, observacoes, custom_fields from patrimonios where municipality_id = $1 order by id`,
      [T.id],
    );
    const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const at = (line: number, header: string) => ws.getCell(line, headers.indexOf(header) + 1);
    for (const i of [0, 1, 2, 3, 4, 5, 6, 499, 500, 501, 999, 1234, ROWS - 1]) {
      const r = rows[i];
      const line = i + 2;
      const custom = r.custom_fields as Record<string, unknown>;
      const [garantia, potencia, tombado] = Object.keys(custom).sort((a, b) => a.localeCompare(b));
      expect(at(line, 'Nº Patrimônio').value).toBe(r.numero_patrimonio);
      const descr = (r.descricao_bem as string).replace('\u0001', '');
      expect(at(line, 'Descrição do Bem').value).toBe(descr.startsWith('=') ? `'${descr}` : descr);
      expect(at(line, 'Setor').value).toBe('Administração');
      expect(at(line, 'Local').value).toBe('Recepção');
      expect(at(line, 'Status').value).toBe(PATRIMONIO_STATUS_LABELS[r.status as 'ativo']);
      expect(at(line, 'Estado de Conservação').value).toBe(
        r.estado_conservacao ? ESTADO_CONSERVACAO_LABELS.regular : null,
      );
      expect(at(line, 'Observações').value).toBe(r.observacoes ? `'${r.observacoes as string}` : null);
      const valor = at(line, 'Valor de Aquisição');
      expect([valor.value, valor.type, valor.numFmt]).toEqual([r.valor, ExcelJS.ValueType.Number, '"R$" #,##0.00']);
      expect([at(line, 'Quantidade').value, at(line, 'Quantidade').type]).toEqual([
        r.quantidade,
        ExcelJS.ValueType.Number,
      ]);
      const data = at(line, 'Data de Aquisição');
      if (r.data == null) expect(data.value).toBeNull();
      else
        expect([data.value, data.type, data.numFmt]).toEqual([
          utc(r.data as string),
          ExcelJS.ValueType.Date,
          'dd/mm/yyyy',
        ]);
      const g = at(line, 'Garantia até');
      if (custom[garantia] == null) expect(g.value).toBeNull();
      else expect([g.value, g.numFmt]).toEqual([utc(custom[garantia] as string), 'dd/mm/yyyy']);
      expect([at(line, 'Potência').value, at(line, 'Potência').type]).toEqual([
        custom[potencia],
        ExcelJS.ValueType.Number,
      ]);
      expect(at(line, 'Tombado').value).toBe(custom[tombado] ? 'Sim' : 'Não');
    }
  });

  it('cancelled mid-sheet: no file, no row, the owner hears job.deleted', async () => {
    await withJobTrigger(
      'test_xlsx_cancel',
      'new.progress >= 30',
      'new.cancel_requested_at := now(); return new;',
      async () => {
        const tab = await s.socket(await T.users.admin.token());
        const deleted = nextEvent<LiveEvent<{ id: string }>>(tab, 'job.deleted', 60_000);
        const { token, id } = await requestXlsx();
        expect((await deleted).data).toEqual({ id });
        tab.disconnect();
        expect((await client(s.url, token)('GET', `/api/jobs/${id}`)).status).toBe(404);
        expect(jobFiles(id)).toEqual([]);
      },
    );
  });

  it('an attempt that fails mid-sheet leaves no file; the retry writes the whole sheet, once', async () => {
    await withJobTrigger(
      'test_xlsx_fail',
      'new.progress >= 30 and new.attempts = 1',
      `raise exception 'disco cheio (teste)';`,
      async () => {
        const { token, id } = await requestXlsx();
        const job = await waitJob(s, token, id);
        expect(job, job.error ?? '').toMatchObject({ status: 'completed', progress: 100 });
        const [row] = await ownerQuery<{ attempts: number }>(s, 'select attempts from jobs where id = $1', [id]);
        expect(row.attempts).toBe(2);
        expect(jobFiles(id)).toEqual([`${id}.xlsx`]);
        expect((await sheetOf(token, job)).rowCount).toBe(ROWS + 1);
      },
    );
  });
});
