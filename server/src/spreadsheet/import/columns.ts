/** Accent-, case- and punctuation-insensitive form of a header ("Nº Patrimônio" → "n patrimonio"). */
export const foldHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/º|°|ª/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * A field an import fills: its key (`cf:<key>` for a custom field), the label errors name it by, and
 * the header names its column is found by — its own names first (Tombo's header, the custom field's
 * label), then other systems' names (`aliases`), compared folded.
 */
export interface ImportField {
  key: string;
  label: string;
  names?: readonly string[];
  aliases?: readonly string[];
  /** A sheet without a column for it is refused (`missingColumns`). */
  required?: boolean;
}

/** The column (index in the row) of each mapped field, by field key. */
export type ColumnMap = Record<string, number>;

/**
 * Finds each field's column in a header row, in passes: every field's own names, then the aliases,
 * then (`prefix`) the headers that merely start with an alias ("Valor de aquisição (R$)"). Within a
 * pass the fields are taken in order and a field's names in order; a column serves one field at most,
 * the first column of a name wins.
 */
export function matchColumns(header: string[], fields: readonly ImportField[], opts: { prefix?: boolean } = {}) {
  const folded = header.map((h) => foldHeader(h ?? ''));
  const used = new Set<number>();
  const map: ColumnMap = {};
  const pass = (names: (f: ImportField) => readonly string[] | undefined, match: (h: string, n: string) => boolean) => {
    for (const f of fields) {
      if (map[f.key] !== undefined) continue;
      for (const name of names(f) ?? []) {
        const n = foldHeader(name);
        const i = folded.findIndex((h, j) => h !== '' && !used.has(j) && match(h, n));
        if (i < 0) continue;
        map[f.key] = i;
        used.add(i);
        break;
      }
    }
  };
  pass(
    (f) => f.names,
    (h, n) => h === n,
  );
  pass(
    (f) => f.aliases,
    (h, n) => h === n,
  );
  if (opts.prefix)
    pass(
      (f) => f.aliases,
      (h, n) => h.startsWith(`${n} `),
    );
  return map;
}

/** The required fields a mapping leaves without a column. */
export const missingColumns = (map: ColumnMap, fields: readonly ImportField[]) =>
  fields.filter((f) => f.required && map[f.key] === undefined);
