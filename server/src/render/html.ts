const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attributes. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** Marks a string as already-safe HTML. */
export class Safe {
  constructor(readonly html: string) {}
  toString() {
    return this.html;
  }
}
export const raw = (html: string) => new Safe(html);

/** Tagged template: every interpolated value is escaped unless it is `Safe` (or an array of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Safe {
  let out = strings[0];
  values.forEach((v, i) => {
    const part = Array.isArray(v)
      ? v.map((x) => (x instanceof Safe ? x.html : esc(x))).join('')
      : v instanceof Safe
        ? v.html
        : esc(v);
    out += part + strings[i + 1];
  });
  return new Safe(out);
}

/** Shared print styles of the A4 reports. */
export const REPORT_CSS = `
  @page { size: A4; margin: 18mm 12mm 20mm 12mm; }
  * { box-sizing: border-box; }
  body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #1b1b1b; margin: 0; }
  header.report { border-bottom: 2px solid #1f4e79; padding-bottom: 6px; margin-bottom: 12px; }
  header.report .municipality { font-size: 11pt; font-weight: bold; color: #1f4e79; }
  header.report h1 { font-size: 16pt; margin: 4px 0 2px; }
  header.report .meta { font-size: 8.5pt; color: #555; }
  table { width: 100%; border-collapse: collapse; }
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; }
  th, td { border: 1px solid #c8c8c8; padding: 4px 6px; text-align: left; vertical-align: top; }
  th { background: #e8eef5; font-weight: bold; }
  tbody tr:nth-child(even) td { background: #f7f9fb; }
  td.num, th.num { text-align: right; width: 18%; }
  td.code { width: 18%; white-space: nowrap; }
  p.empty { color: #555; font-style: italic; }
`;
