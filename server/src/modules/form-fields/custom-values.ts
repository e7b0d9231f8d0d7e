import { PATRIMONIO_MSG, type CustomFieldValues, type FormField } from '@tombo/shared';

/** The definitions values are checked against: asset form fields, property fields (any register's). */
export interface CustomFieldDefs {
  custom: ReadonlyArray<Pick<FormField, 'key' | 'label' | 'type' | 'required' | 'options'>>;
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Checks custom values against the definitions: unknown keys, required ones (when `complete`),
 * and the type of each value. Returns normalised values or field errors keyed `customFields.<key>`.
 */
export function checkCustomValues(
  rules: CustomFieldDefs,
  values: CustomFieldValues,
  complete: boolean,
): { values: CustomFieldValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: CustomFieldValues = {};
  const byKey = new Map(rules.custom.map((f) => [f.key, f]));
  for (const key of Object.keys(values))
    if (!byKey.has(key)) errors[`customFields.${key}`] = PATRIMONIO_MSG.customUnknown;
  for (const f of rules.custom) {
    const present = Object.prototype.hasOwnProperty.call(values, f.key);
    const v = values[f.key];
    if (isEmpty(v)) {
      if (f.required && (complete || present)) errors[`customFields.${f.key}`] = PATRIMONIO_MSG.customRequired(f.label);
      else if (present) out[f.key] = null;
      continue;
    }
    const bad = () => {
      errors[`customFields.${f.key}`] = PATRIMONIO_MSG.customType(f.label);
    };
    switch (f.type) {
      case 'TEXT':
      case 'TEXTAREA':
        if (typeof v !== 'string') bad();
        else out[f.key] = f.type === 'TEXT' ? v.trim().slice(0, 500) : v.slice(0, 5000);
        break;
      case 'NUMBER': {
        const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(',', '.')) : NaN;
        if (!Number.isFinite(n) || Math.abs(n) > 1e15) bad();
        else out[f.key] = n;
        break;
      }
      case 'DATE':
        if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
          bad();
        else out[f.key] = v;
        break;
      case 'SELECT':
        if (typeof v !== 'string' || !(f.options ?? []).includes(v))
          errors[`customFields.${f.key}`] = PATRIMONIO_MSG.customOption(f.label);
        else out[f.key] = v;
        break;
      case 'BOOLEAN':
        if (typeof v === 'boolean') out[f.key] = v;
        else if (v === 'true' || v === 'Sim' || v === 'sim') out[f.key] = true;
        else if (v === 'false' || v === 'Não' || v === 'não' || v === 'Nao') out[f.key] = false;
        else bad();
        break;
    }
  }
  return { values: out, errors };
}
