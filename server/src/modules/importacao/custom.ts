import { type CustomFieldValues, type FormField, type ImportError, type ImportacaoMapping } from '@tombo/shared';
import { checkCustomValues, type FieldRules } from '../form-fields';
import type { Cell } from '../../spreadsheet';
import { dateOf, str } from '../patrimonios/import';

/**
 * The custom form fields (asset_form_fields of the municipality or installation-wide) a mapping
 * fills, with their columns. Only these are checked: a required field the file does not fill is
 * left for the asset's next edit (the register being brought in never had it).
 */
export interface MappedCustom {
  rules: FieldRules;
  columns: Array<[number, FormField]>;
}

/** The mapped custom fields; the keys that are not fields of the municipality's form. */
export function mapCustom(rules: FieldRules, mapping: ImportacaoMapping): { mapped: MappedCustom; unknown: string[] } {
  const byKey = new Map(rules.custom.map((f) => [f.key, f]));
  const columns: Array<[number, FormField]> = [];
  const unknown: string[] = [];
  for (const [key, col] of Object.entries(mapping.custom ?? {})) {
    const f = byKey.get(key);
    if (f) columns.push([col, f]);
    else unknown.push(key);
  }
  return { mapped: { rules: { ...rules, custom: columns.map(([, f]) => f) }, columns }, unknown };
}

/** A number as another system writes it: "1.250,50" (decimal comma, thousands dots) → 1250.5. */
const numberOf = (s: string) => (/^-?[\d.]*,\d+$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s);

/** One cell as the value its field's type takes (dd/mm/aaaa dates, decimal commas, XLSX dates and numbers). */
function valueOf(f: FormField, c: Cell): string | number | boolean {
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  if (typeof c === 'number' || typeof c === 'boolean') return c;
  const s = str(c);
  if (f.type === 'DATE') {
    // A day that does not exist (31/02) stays as written, so the type check refuses it.
    const iso = dateOf(s);
    return iso && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso) ? iso : s;
  }
  if (f.type === 'NUMBER') return numberOf(s.replace(/\s/g, ''));
  if (f.type === 'BOOLEAN')
    return /^(s|sim|x|1|verdadeiro)$/i.test(s) ? 'true' : /^(n|nao|não|0|falso)$/i.test(s) ? 'false' : s;
  return s;
}

/** A row's custom values, checked by their types (form-fields/custom-values.ts); errors go to `errors`. */
export function customValuesOf(
  mapped: MappedCustom,
  line: number,
  cells: Cell[],
  errors: ImportError[],
): CustomFieldValues {
  if (!mapped.columns.length) return {};
  const values: CustomFieldValues = {};
  for (const [col, f] of mapped.columns) {
    const c = cells[col];
    values[f.key] = c == null || str(c) === '' ? null : valueOf(f, c);
  }
  const checked = checkCustomValues(mapped.rules, values, true);
  for (const [k, message] of Object.entries(checked.errors)) {
    const f = mapped.rules.custom.find((x) => `customFields.${x.key}` === k);
    errors.push({ line, field: f?.label ?? k, message });
  }
  // Empty cells are not stored (an asset without the value, as the form leaves it).
  return Object.fromEntries(Object.entries(checked.values).filter(([, v]) => v !== null));
}
