import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { writeZip } from './write/zip';
import { readXlsxRows } from './xlsx';

// What the XLSX reader relies on from exceljs (pinned to 4.4.0: docs/decisions/spreadsheets.md): its
// WorkbookReader part parsers, called one part at a time over our own zip reader. An upgrade of exceljs
// must keep these answers.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-xlsx-read-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function rowsOf(file: string) {
  const rows = [];
  for await (const r of readXlsxRows(file)) rows.push(r);
  return rows;
}

describe('readXlsxRows over exceljs 4.4 part parsers', () => {
  it('a workbook written by Excel-like tools: shared strings, rich text, formulas, dates, booleans, errors, gaps', async () => {
    const file = path.join(dir, 'excel.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Bens');
    wb.addWorksheet('Outra').addRow(['não lida']);
    ws.addRow(['Descrição', 'Valor', 'Data', 'Ativo']);
    ws.getRow(3).values = [
      { richText: [{ text: 'Mesa ' }, { font: { bold: true }, text: 'grande' }] },
      { formula: 'B5*2', result: 2500.5 },
      new Date(Date.UTC(2021, 6, 9)),
      true,
    ];
    ws.getCell('C3').numFmt = 'dd/mm/yyyy';
    ws.getRow(7).values = ['Cadeira', { error: '#N/A' }, { formula: 'TEXTO()', result: 'texto calculado' }, false];
    await wb.xlsx.writeFile(file);

    const rows = await rowsOf(file);
    expect(rows).toEqual([
      { line: 1, cells: ['Descrição', 'Valor', 'Data', 'Ativo'] },
      { line: 3, cells: ['Mesa grande', 2500.5, new Date(Date.UTC(2021, 6, 9)), true] },
      { line: 7, cells: ['Cadeira', null, 'texto calculado', false] },
    ]);
  });

  it('parts as other writers leave them: the first sheet by workbook order, inline and formula strings, a custom date format, a row skipped', async () => {
    const file = path.join(dir, 'crafted.xlsx');
    const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
    const sheet = (rows: string) => `<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;
    await writeZip(file, [
      {
        name: '[Content_Types].xml',
        content: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      },
      {
        name: 'xl/workbook.xml',
        content:
          `<workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="Segunda" sheetId="2" r:id="rId2"/>` +
          '<sheet name="Primeira" sheetId="1" r:id="rId1"/></sheets></workbook>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content:
          `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/>` +
          `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>` +
          `<Relationship Id="rId4" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      },
      {
        name: 'xl/styles.xml',
        content:
          `<styleSheet ${NS}><numFmts count="1"><numFmt numFmtId="170" formatCode="d/m/yy h:mm"/></numFmts>` +
          '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="170" applyNumberFormat="1"/></cellXfs></styleSheet>',
      },
      {
        name: 'xl/sharedStrings.xml',
        content: `<sst ${NS} count="2" uniqueCount="2"><si><t>Setor</t></si><si><r><t>Lota</t></r><r><t>ção</t></r></si></sst>`,
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        content: sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>errada</t></is></c></row>'),
      },
      {
        name: 'xl/worksheets/sheet2.xml',
        content: sheet(
          '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2" t="s"><v>1</v></c></row>' +
            '<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve"> dentro </t></is></c>' +
            '<c r="B3" s="1"><v>44197.5</v></c><c r="C3" t="str"><f>A3</f><v>fórmula</v></c></row>' +
            '<row r="5"><c r="A5" t="b"><v>1</v></c><c r="B5" t="e"><v>#DIV/0!</v></c><c r="C5"><v>-12.75</v></c></row>',
        ),
      },
    ]);
    expect(await rowsOf(file)).toEqual([
      { line: 2, cells: ['Setor', null, 'Lotação'] },
      { line: 3, cells: [' dentro ', new Date(Date.UTC(2021, 0, 1, 12)), 'fórmula'] },
      { line: 5, cells: [true, null, -12.75] },
    ]);
  });
});
