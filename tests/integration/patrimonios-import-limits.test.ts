import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PATRIMONIO_SHEET_COLUMNS, type ImportReport, type PatrimonioListItem } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newTipoBem, newTown, type TestTown, type TestUser } from '../support/factories';

// An upload is read as a stream, within limits, in a worker thread: other users are answered while a
// sheet is checked, a zip bomb or an over-long sheet stops with a pt-BR error, registers from other
// systems (Latin-1, quoted multi-line fields) are read.

let s: TestServer;
/** Own municipality, with the sectors the sheets name. */
let A: TestTown;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (u: TestUser) => client(s.url, await u.token());
const HEAD = PATRIMONIO_SHEET_COLUMNS.map((c) => c.header).join(';');
const ROW_LIMIT_MSG = 'A planilha tem mais de 10.000 linhas de dados (máximo 10.000 por importação).';

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
  const token = await who.token();
  const job = await waitJob(s, token, body.job.id);
  if (job.status !== 'completed') return { status: 500, body: job };
  return { status: 200, body: JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) };
}

/** CSV rows that pass the check (sectors of the town), `pad` making them as long as needed. */
function goodRows(n: number, pad = '') {
  const lines: string[] = [];
  for (let i = 0; i < n; i++)
    lines.push(
      `;Cadeira ${i} ${pad};Mobiliário;${i % 2 ? 'Saúde' : 'Educação'};;Ativo;${(i % 997) + 1},50;1;01/06/2023;;Bom;;`,
    );
  return lines;
}

// ---- A zip written by hand, so that it can lie about its sizes ----------------------------------
interface ZipPart {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
}
async function deflatePart(name: string, pieces: Iterable<Buffer>, level = 9): Promise<ZipPart> {
  const z = zlib.createDeflateRaw({ level });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  let size = 0;
  for (const p of pieces) {
    crc = zlib.crc32(p, crc);
    size += p.length;
    if (!z.write(p)) await new Promise((r) => z.once('drain', r));
  }
  const ended = new Promise((r) => z.once('end', r));
  z.end();
  await ended;
  return { name, deflated: Buffer.concat(out), crc, size };
}
/** A zip of deflated parts; `declare` overrides the uncompressed size written in the headers. */
function zip(parts: ZipPart[], declare?: (p: ZipPart) => number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = declare ? declare(p) : p.size;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt16LE(0x21, 12);
    head.writeUInt32LE(p.crc, 14);
    head.writeUInt32LE(p.deflated.length, 18);
    head.writeUInt32LE(size, 22);
    head.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, name, p.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** The parts of a minimal XLSX whose one sheet is `sheet` (XML pieces, deflated as they come). */
async function xlsxParts(sheet: Iterable<Buffer>): Promise<ZipPart[]> {
  const small = (name: string, xml: string) => deflatePart(name, [Buffer.from(xml)]);
  return Promise.all([
    small(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    ),
    small(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL}"><sheets>` +
        `<sheet name="Bens" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    small(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    deflatePart('xl/worksheets/sheet1.xml', sheet),
  ]);
}
/** An XLSX whose only sheet has a header row and one cell of `mb` MiB: tiny zipped, huge inflated. */
async function zipBomb(mb: number, declare?: (p: ZipPart) => number): Promise<Buffer> {
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const head =
    `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData><row r="1">` +
    `${cell('A1', 'Descrição do Bem')}${cell('B1', 'Setor')}${cell('C1', 'Valor de Aquisição')}</row>` +
    `<row r="2"><c r="A2" t="inlineStr"><is><t>`;
  const filler = Buffer.alloc(1024 * 1024, 'A');
  const parts = await xlsxParts([
    Buffer.from(head),
    ...Array.from({ length: mb }, () => filler),
    Buffer.from('</t></is></c></row></sheetData></worksheet>'),
  ]);
  return zip(parts, declare);
}
/** An XLSX within the limits whose shared strings (~88 MB of distinct text) need more heap than the thread has. */
async function memoryHog(): Promise<Buffer> {
  const fill = 'A'.repeat(1000);
  const text = Array.from({ length: 90_000 }, (_, i) => `<si><t>${i}${fill}</t></si>`).join('');
  const strings = await deflatePart(
    'xl/sharedStrings.xml',
    [Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst ${NS}><si><t>Descrição do Bem</t></si>${text}</sst>`)],
    1,
  );
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`;
  return zip([...(await xlsxParts([Buffer.from(sheet)])), strings]);
}

const heapBefore = process.env.IMPORT_CHECK_HEAP_MB;
beforeAll(async () => {
  // Checking threads get 64 MB of heap (read when the first check starts): a streamed check of the
  // 4 MB sheet below fits in it; the hostile sheet of the memory test does not.
  process.env.IMPORT_CHECK_HEAP_MB = '64';
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTown(s);
  await newTipoBem(s, A.id, { name: 'Mobiliário' });
});
afterAll(async () => {
  if (heapBefore === undefined) delete process.env.IMPORT_CHECK_HEAP_MB;
  else process.env.IMPORT_CHECK_HEAP_MB = heapBefore;
  await stopWorker();
  await s?.close();
});

describe('import limits', () => {
  it('while a 4 MB sheet is checked, another user keeps being answered', { timeout: 120_000 }, async () => {
    const bytes = Buffer.from([HEAD, ...goodRows(10_000, 'x'.repeat(350))].join('\n'));
    expect(bytes.length).toBeGreaterThan(4_000_000);
    const uploads = path.join(s.ctx.config.dataDir, 'tmp', 'uploads');
    const usuario = await as(A.users.usuario);
    let checked = false;
    const check = importFile(A.users.admin, bytes, 'grande.csv', 'dry-run').finally(() => {
      checked = true;
    });
    // Wait until the whole upload is on the server's disk: from then on the server is checking it.
    const uploaded = async () => {
      for (const f of await fsp.readdir(uploads).catch(() => [])) {
        const st = await fsp.stat(path.join(uploads, f)).catch(() => null);
        if (st?.size === bytes.length) return true;
      }
      return false;
    };
    while (!checked && !(await uploaded())) await new Promise((r) => setTimeout(r, 5));
    // Requests of another user, one after the other, answered before the check is.
    let answeredFirst = 0;
    while (!checked && answeredFirst < 25) {
      const r = await usuario('GET', '/api/sectors');
      expect(r.status).toBe(200);
      if (!checked) answeredFirst++;
    }
    const dry = await check;
    expect(dry.status, JSON.stringify(dry.body).slice(0, 300)).toBe(200);
    expect(dry.body).toMatchObject({ mode: 'dry-run', total: 10_000, valid: 10_000, errors: [] });
    expect(answeredFirst).toBe(25);
  });

  it('a zip bomb gets a pt-BR 413, whether its headers tell the truth or lie; the server answers on', async () => {
    const message = 'A planilha descompactada passa de 100 MB. Envie um arquivo menor ou divida-o em partes.';
    const honest = await zipBomb(150);
    expect(honest.length).toBeLessThan(1024 * 1024);
    const r1 = await importFile(A.users.admin, honest, 'bomba.xlsx', 'dry-run');
    expect(r1.status, JSON.stringify(r1.body)).toBe(413);
    expect(r1.body.error).toMatchObject({ code: 'TOO_LARGE', message });
    // Declared as 1 KB each: the bytes actually inflated are counted.
    const liar = await zipBomb(150, () => 1000);
    const r2 = await importFile(A.users.admin, liar, 'bomba.xlsx', 'dry-run');
    expect(r2.status).toBe(413);
    expect(r2.body.error).toMatchObject({ code: 'TOO_LARGE', message });
    const r3 = await importFile(A.users.admin, liar, 'bomba.xlsx', 'commit');
    expect(r3.body).toMatchObject({ status: 'failed', error: expect.stringContaining(message) });

    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    const fine = await importFile(A.users.admin, Buffer.from([HEAD, ...goodRows(3)].join('\n')), 'ok.csv', 'dry-run');
    expect(fine.body).toMatchObject({ total: 3, valid: 3 });
  });

  it('a sheet that needs more memory than its thread has: a pt-BR 413 from a dead thread; the server answers on', async () => {
    const hog = await memoryHog();
    expect(hog.length).toBeLessThan(1024 * 1024);
    const r = await importFile(A.users.admin, hog, 'memoria.xlsx', 'dry-run');
    expect(r.status, JSON.stringify(r.body)).toBe(413);
    expect(r.body.error).toMatchObject({
      code: 'TOO_LARGE',
      message: 'A planilha exige memória demais para ser verificada. Divida-a em arquivos menores e envie-os um a um.',
    });
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    const fine = await importFile(A.users.admin, Buffer.from([HEAD, ...goodRows(2)].join('\n')), 'ok.csv', 'dry-run');
    expect(fine.body).toMatchObject({ total: 2, valid: 2 });
  });

  it('a sheet over the row limit stops there with the row-limit message (CSV and XLSX)', async () => {
    // What follows row 10,001 is never read: an unclosed quote there would otherwise fail the file.
    const csv = [HEAD, ...goodRows(10_001), ';"Aspas sem fim;;Saúde;;;1;1;;;;;'].join('\n');
    const r1 = await importFile(A.users.admin, Buffer.from(csv), 'longa.csv', 'dry-run');
    expect(r1.status).toBe(422);
    expect(r1.body.error.message).toBe(ROW_LIMIT_MSG);

    const file = path.join(s.ctx.config.dataDir, 'longa.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const ws = wb.addWorksheet('Bens');
    ws.addRow(PATRIMONIO_SHEET_COLUMNS.map((c) => c.header)).commit();
    for (let i = 0; i < 10_002; i++) ws.addRow(['', `Mesa ${i}`, '', 'Saúde', '', '', 10]).commit();
    ws.commit();
    await wb.commit();
    const r2 = await importFile(A.users.admin, await fsp.readFile(file), 'longa.xlsx', 'dry-run');
    expect(r2.status).toBe(422);
    expect(r2.body.error.message).toBe(ROW_LIMIT_MSG);
  });

  it('a register exported by another system (Latin-1, quoted, multi-line fields, decimal comma) is read', async () => {
    const q = (cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(';');
    const text = [
      q(['Tombamento', 'Lotação', 'Descrição', 'Tipo', 'Valor de aquisição', 'Situação', 'Data de aquisição']),
      q(['1290000024', 'Saúde', 'ARMÁRIO DE AÇO, C/PRATELEIRAS', 'Mobiliário', '1.250,50', 'ATIVO', '01/12/1984']),
      q([
        '1290000099',
        'Educação',
        'MESA; TAMPO "OVAL"\r\nCOM GAVETAS (PEÇA ÚNICA)',
        'MOBILIÁRIO',
        '0,01',
        'ATIVO',
        '15/03/19',
      ]),
      q(['1290000424', 'DIRETORIA DO FORO DA 2a CJM', 'CÓD. PROC. PENAL', 'Mobiliário', '0,01', 'DOADO', '01/12/1984']),
      q(['1290000425', 'Administração', 'CADEIRA GIRATÓRIA', 'Mobiliário', 'mil', 'ATIVO', '31/02/2020']),
      q(['', 'Saúde', 'BEBEDOURO ÁGUA', 'Mobiliário', '800,00', 'ATIVO', '']),
    ].join('\r\n');
    const latin1 = Buffer.from(text, 'latin1');
    expect(latin1.includes(Buffer.from('Saúde'))).toBe(false); // really not UTF-8
    const dry = await importFile(A.users.admin, latin1, 'relatorio-bens.csv', 'dry-run');
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const rep = dry.body as ImportReport;
    expect(rep, JSON.stringify(rep)).toMatchObject({ total: 5, valid: 3 });
    // Lines are the sheet's rows: the quoted line break keeps row 3 one row.
    expect(rep.errors.map((e) => `${e.line} ${e.field}: ${e.message}`)).toEqual([
      '4 Setor: Setor "DIRETORIA DO FORO DA 2a CJM" não encontrado.',
      '4 Status: Status inválido: "DOADO".',
      '5 Valor de Aquisição: Valor de aquisição inválido (use o formato 1234.56).',
      '5 Data de Aquisição: Data de aquisição inválida (use dd/mm/aaaa).',
    ]);
    const commit = await importFile(A.users.admin, latin1, 'relatorio-bens.csv', 'commit');
    expect(commit.body).toMatchObject({ mode: 'commit', total: 5, created: 3 });
    const admin = await as(A.users.admin);
    const [mesa] = (await admin('GET', '/api/patrimonios?q=tampo')).body.patrimonios as PatrimonioListItem[];
    expect(mesa).toMatchObject({
      descricao_bem: 'MESA; TAMPO "OVAL"\r\nCOM GAVETAS (PEÇA ÚNICA)',
      valor_aquisicao: '0.01',
      data_aquisicao: '2019-03-15',
      setor_responsavel: 'Educação',
    });
    const [armario] = (await admin('GET', '/api/patrimonios?q=armario de aco')).body.patrimonios;
    expect(armario).toMatchObject({ valor_aquisicao: '1250.50', data_aquisicao: '1984-12-01', status: 'ativo' });
  });
});
