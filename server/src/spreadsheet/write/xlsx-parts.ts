import type { ZipSource } from './zip';

/**
 * The fixed parts of the XLSX files Tombo writes (SpreadsheetML, ECMA-376): package relationships,
 * workbook, styles. The sheets themselves are streamed by xlsx.ts.
 */

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

/** Text for XML content or attributes; drops the characters XML 1.0 cannot hold (C0 controls but tab, LF, CR). */
export const xmlText = (s: string): string =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[&<>"]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '',
  );

/** Excel number formats of the typed columns (Brazilian money, dates, dates with the time). */
const MONEY_FMT = '"R$" #,##0.00';
const DATE_FMT = 'dd/mm/yyyy';
const DATETIME_FMT = 'dd/mm/yyyy hh:mm';

/** Indexes of the cell formats (cellXfs) in STYLES. */
export const STYLE = { bold: 1, money: 2, date: 3, datetime: 4 } as const;

const STYLES =
  `<styleSheet xmlns="${MAIN}">` +
  `<numFmts count="3"><numFmt numFmtId="164" formatCode="${xmlText(MONEY_FMT)}"/>` +
  `<numFmt numFmtId="165" formatCode="${xmlText(DATE_FMT)}"/>` +
  `<numFmt numFmtId="166" formatCode="${xmlText(DATETIME_FMT)}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** Zip path of the n-th sheet (from 1). */
export const sheetPath = (n: number) => `xl/worksheets/sheet${n}.xml`;

/** Every part but the sheets (`sheetPath(1…)`, in the order of `sheetNames`), by zip path. */
export function workbookParts(sheetNames: string[], creator: string, now = new Date()): ZipSource[] {
  const iso = now.toISOString().replace(/\.\d+Z$/, 'Z');
  const each = (f: (name: string, n: number) => string) => sheetNames.map((name, i) => f(name, i + 1)).join('');
  const stylesId = `rId${sheetNames.length + 1}`;
  return [
    [
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>` +
        each((_, n) => `<Override PartName="/${sheetPath(n)}" ContentType="${CT}.spreadsheetml.worksheet+xml"/>`) +
        `<Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/>` +
        `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
        `<Override PartName="/docProps/app.xml" ContentType="${CT}.extended-properties+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="${PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/>` +
        `<Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    ],
    [
      'docProps/app.xml',
      `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
        `<Application>${xmlText(creator)}</Application></Properties>`,
    ],
    [
      'docProps/core.xml',
      `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ` +
        `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${xmlText(creator)}</dc:creator>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created>` +
        `<dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified></cp:coreProperties>`,
    ],
    [
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets>` +
        each((name, n) => `<sheet name="${xmlText(name)}" sheetId="${n}" r:id="rId${n}"/>`) +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${PKG_REL}">` +
        each((_, n) => `<Relationship Id="rId${n}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`) +
        `<Relationship Id="${stylesId}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ].map(([name, body]) => ({ name, content: XML + body }));
}

/** The sheet's opening (column widths; the first row frozen when `frozen`) up to `<sheetData>`, and its closing. */
export function sheetFrame(widths: number[], frozen: boolean): [open: string, close: string] {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  const pane = frozen
    ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/>'
    : '';
  return [
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">${pane}` +
      `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`,
    '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>',
  ];
}
