/**
 * A parameterised statement as plain SQL, its `$n` replaced by quoted literals, so that it can travel in
 * one simple-protocol query beside `begin` and the tenant settings (one round trip fewer per transaction,
 * db/client.ts). A quoted literal is typed by its context exactly as an untyped parameter is, and
 * node-postgres sends every primitive as text too. Null (the caller sends the statement as it is) for
 * anything this cannot prove equivalent: a value that is not a primitive (Buffer, Date, array, object),
 * an E'' string, a dollar quote or a comment.
 */
export function inlineParams(text: string, values: readonly unknown[] | undefined): string | null {
  const literals: string[] = [];
  for (const v of values ?? []) {
    const lit = literalOf(v);
    if (lit === null) return null;
    literals.push(lit);
  }
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"') {
      // E'…', U&'…' (escapes) and the other prefixed strings are left to the driver.
      if (
        c === "'" &&
        (text[i - 1] === '&' || (/[eEuUbBxXnN]/.test(text[i - 1] ?? '') && !/[\w$]/.test(text[i - 2] ?? ' ')))
      )
        return null;
      const end = closing(text, i, c);
      if (end < 0) return null;
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (c === '$' && /[\w$]/.test(text[i - 1] ?? ' ')) {
      out += c; // part of a name (`x$1`)
      i += 1;
    } else if (c === '$') {
      // `$1` is a parameter; `$$` or `$tag$` opens a dollar quote.
      const m = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (!m) return null;
      const n = Number(m[1]);
      if (n < 1 || n > literals.length) return null;
      out += literals[n - 1];
      i += m[0].length;
    } else if ((c === '-' && text[i + 1] === '-') || (c === '/' && text[i + 1] === '*')) {
      return null;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** The index of the quote closing the one at `start` (a doubled quote is part of the text), or -1. */
function closing(text: string, start: number, q: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === q) {
      if (text[i + 1] === q) i += 2;
      else return i;
    } else i += 1;
  }
  return -1;
}

function literalOf(v: unknown): string | null {
  if (v === null || v === undefined) return 'NULL';
  // A backslash would mean something else were standard_conforming_strings ever off: left to the driver.
  if (typeof v === 'string') return /[\0\\]/.test(v) ? null : `'${v.replace(/'/g, "''")}'`;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return `'${String(v)}'`;
  return null;
}
