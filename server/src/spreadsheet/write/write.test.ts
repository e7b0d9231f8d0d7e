import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readCsvRows } from '../csv';
import { readXlsxRows } from '../xlsx';
import { writeCsv, writeXlsx, type FileColumn } from '.';

// The spreadsheet writer on its own (no database): what it writes, read back by exceljs (values, types,
// formats, header, frozen pane, widths, several sheets, bold rows) and by the imports' reader; a source that fails.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-writers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const columns: FileColumn[] = [
  { key: 'n', header: 'Nº', kind: 'text', width: 18 },
  { key: 'd', header: 'Descrição "& <cia>"', kind: 'text', width: 48 },
  { key: 'v', header: 'Valor', kind: 'money', width: 18 },
  { key: 'q', header: 'Qtd', kind: 'number', width: 12 },
  { key: 'dt', header: 'Data', kind: 'date', width: 16 },
  { key: 'b', header: 'Sim/Não', kind: 'text', width: 10 },
];
const TRICKY = [
  'A & B <c> "d" \'e\'',
  '  espaços nas pontas  ',
  'linha 1\nlinha 2',
  'controle\u0001\u001f fora',
  'emoji 🪑 e acentuação ção',
  '=SUM(A1:A2)',
  '_x0041_ literal',
  ']]> fim de CDATA',
];
const rowOf = (i: number): Record<string, unknown> => ({
  n: `P-${i}`,
  d: TRICKY[i % TRICKY.length],
  v: i % 9 === 0 ? null : i + 0.5,
  q: i % 5 === 0 ? '7,5' : i,
  dt: i % 4 === 0 ? null : new Date(Date.UTC(2020, 0, 1 + i)),
  b: i % 2 === 0,
});
const expectedText = (s: string) => s.replace('\u0001', '').replace('\u001f', '').replace(/^=/, "'=");

/** The files this process holds open (Linux). */
function openFiles(): string[] {
  if (!fs.existsSync('/proc/self/fd')) return [];
  return fs.readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [fs.readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return []; // the descriptor of the listing itself, already gone
    }
  });
}

async function* chunksOf(total: number, size: number) {
  for (let start = 1; start <= total; start += size)
    yield Array.from({ length: Math.min(size, total - start + 1) }, (_, k) => rowOf(start + k));
}

describe('writeXlsx', () => {
  it('typed cells with their formats, neutralised text, bold frozen header, widths; progress per chunk', async () => {
    const file = path.join(dir, 'ok.xlsx');
    const seen: number[] = [];
    const { rows } = await writeXlsx(
      file,
      { name: 'Bens & cia', columns, rows: chunksOf(1000, 300) },
      (n) => void seen.push(n),
    );
    expect(rows).toBe(1000);
    expect(seen).toEqual([300, 600, 900, 1000]);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Bens & cia');
    expect(ws.rowCount).toBe(1001);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(columns.map((c) => c.header));
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(columns.map((_, i) => ws.getColumn(i + 1).width)).toEqual(columns.map((c) => c.width));
    for (const i of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 45, 500, 999, 1000]) {
      const r = rowOf(i);
      const cell = (key: string) => ws.getCell(i + 1, columns.findIndex((c) => c.key === key) + 1);
      expect(cell('n').value).toBe(r.n);
      expect(cell('d').value).toBe(expectedText(r.d as string));
      expect(cell('d').type).toBe(ExcelJS.ValueType.String);
      if (r.v == null) expect(cell('v').value).toBeNull();
      else {
        expect(cell('v').value).toBe(r.v);
        expect(cell('v').type).toBe(ExcelJS.ValueType.Number);
        expect(cell('v').numFmt).toBe('"R$" #,##0.00');
      }
      expect(cell('q').value).toBe(r.q === '7,5' ? 7.5 : r.q);
      expect(cell('q').type).toBe(ExcelJS.ValueType.Number);
      if (r.dt == null) expect(cell('dt').value).toBeNull();
      else {
        expect(cell('dt').value).toEqual(r.dt);
        expect(cell('dt').type).toBe(ExcelJS.ValueType.Date);
        expect(cell('dt').numFmt).toBe('dd/mm/yyyy');
      }
      expect(cell('b').value).toBe(r.b ? 'Sim' : 'Não');
    }
    // No cell of the file is a formula.
    ws.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));

    // The register's import reads the same values.
    const read = [];
    for await (const r of readXlsxRows(file)) read.push(r);
    expect(read).toHaveLength(1001);
    expect(read[3]).toEqual({
      line: 4,
      cells: ['P-3', expectedText(TRICKY[3]), 3.5, 3, new Date(Date.UTC(2020, 0, 4)), 'Não'],
    });
  });

  it('a source that fails mid-sheet (a cancelled job): the error comes out and the file is closed', async () => {
    const file = path.join(dir, 'failed.xlsx');
    const failure = new Error('cancelada');
    async function* failing() {
      yield* chunksOf(600, 300);
      throw failure;
    }
    await expect(writeXlsx(file, { name: 'Bens', columns, rows: failing() })).rejects.toBe(failure);
    const cancelAt = writeXlsx(file, { name: 'Bens', columns, rows: chunksOf(1000, 300) }, (n) => {
      if (n > 300) throw failure;
    });
    await expect(cancelAt).rejects.toBe(failure);
    // Closed: the runner can remove it, and no descriptor of this process still points at it.
    fs.rmSync(file);
    expect(openFiles().filter((f) => f.includes(file))).toEqual([]);
  });
});

describe('writeXlsx: several sheets', () => {
  it('a free-form summary sheet (no header, bold rows) then a data sheet with date-times, in order', async () => {
    const file = path.join(dir, 'two.xlsx');
    const summaryColumns: FileColumn[] = [
      { key: 'label', header: '', kind: 'text', width: 30 },
      { key: 'n', header: '', kind: 'number', width: 12 },
    ];
    const when = new Date(Date.UTC(2024, 4, 17, 14, 35));
    const seen: number[] = [];
    const { rows } = await writeXlsx(
      file,
      [
        {
          name: 'Resumo',
          columns: summaryColumns,
          header: false,
          rows: [[{ label: 'Título', bold: true }, { label: 'Total', n: 3, bold: true }, {}, { label: 'Linha', n: 0 }]],
          bold: (r) => r.bold === true,
        },
        {
          name: 'Dados',
          columns: [
            { key: 'a', header: 'A', kind: 'text', width: 10 },
            { key: 'quando', header: 'Quando', kind: 'datetime', width: 18 },
          ],
          rows: [[{ a: '=1+1', quando: when }], [{ a: 'b', quando: null }]],
        },
      ],
      (n) => void seen.push(n),
    );
    expect(rows).toBe(6);
    expect(seen).toEqual([4, 5, 6]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Resumo', 'Dados']);
    const resumo = wb.getWorksheet('Resumo')!;
    const values: unknown[][] = [];
    resumo.eachRow((r) => values.push((r.values as unknown[]).slice(1)));
    expect(values).toEqual([['Título'], ['Total', 3], ['Linha', 0]]);
    expect(resumo.getRow(1).font?.bold).toBe(true);
    expect(resumo.getRow(2).getCell(2).font?.bold).toBe(true);
    expect(resumo.getRow(4).font?.bold).toBeFalsy();
    expect(resumo.views[0]?.state).not.toBe('frozen');
    const dados = wb.getWorksheet('Dados')!;
    expect(dados.getRow(1).font?.bold).toBe(true);
    expect(dados.getCell('A2').value).toBe("'=1+1");
    expect([dados.getCell('B2').value, dados.getCell('B2').numFmt]).toEqual([when, 'dd/mm/yyyy hh:mm']);
    expect(dados.getCell('B3').value).toBeNull();
  });
});

describe('writeCsv', () => {
  it('BOM, `;`, decimal comma, dd/mm/aaaa, neutralised text; the imports read it back', async () => {
    const file = path.join(dir, 'ok.csv');
    const { rows } = await writeCsv(file, columns, chunksOf(20, 7));
    expect(rows).toBe(20);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith('\ufeffNº;"Descrição ""& <cia>""";Valor;Qtd;Data;Sim/Não\r\n')).toBe(true);
    const read = [];
    for await (const r of readCsvRows(file)) read.push(r.cells);
    expect(read).toHaveLength(21);
    expect(read[5]).toEqual(['P-5', "'=SUM(A1:A2)", '5,50', '7,5', '06/01/2020', 'Não']);
    expect(read[2]).toEqual(['P-2', 'linha 1\nlinha 2', '2,50', '2', '03/01/2020', 'Sim']);
  });
});
