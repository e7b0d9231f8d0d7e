import { type CustomFieldValues, type FormField, type ImportacaoMapping } from '@tombo/shared';
import { checkCustomValues, type FieldRules } from '../form-fields';
import type { Cell } from '../../spreadsheet';
import { customCells } from '../../spreadsheet/import';

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

/** A row's custom values, checked by their types (form-fields/custom-values.ts); errors go to `error` by label. */
export function customValuesOf(
  mapped: MappedCustom,
  cells: Cell[],
  error: (field: string, message: string) => void,
): CustomFieldValues {
  if (!mapped.columns.length) return {};
  const checked = checkCustomValues(mapped.rules, customCells(mapped.columns, cells), true);
  for (const [k, message] of Object.entries(checked.errors)) {
    const f = mapped.rules.custom.find((x) => `customFields.${x.key}` === k);
    error(f?.label ?? k, message);
  }
  // Empty cells are not stored (an asset without the value, as the form leaves it).
  return Object.fromEntries(Object.entries(checked.values).filter(([, v]) => v !== null));
}
