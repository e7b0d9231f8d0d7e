import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { PATRIMONIO_MSG, decimalInput, formatDate, formatNumber, parseDateBR, parseNumber } from '@tombo/shared';
import type { CustomFieldDef } from './CustomFieldInput';

type CustomInputs = Record<string, string | boolean>;
type Stored = Record<string, unknown> | null | undefined;

/** A date-only value as an input shows it ('' when there is none). */
export const dateInput = (iso: string | null | undefined) => formatDate(iso, { invalid: '' });

/** A custom field's stored value as a list, card or view shows it ('' when empty). */
export function customFieldText(f: Pick<CustomFieldDef, 'type'>, v: unknown): string {
  if (v == null || v === '') return '';
  if (f.type === 'BOOLEAN') return v === true || v === 'true' ? 'Sim' : 'Não';
  if (f.type === 'DATE' && typeof v === 'string') return formatDate(v);
  if (f.type === 'NUMBER' && typeof v === 'number') return formatNumber(v);
  return String(v);
}

/** The empty inputs of a new record's custom fields. */
export function customDefaults(fields: CustomFieldDef[]): CustomInputs {
  return Object.fromEntries(fields.map((f) => [f.key, f.type === 'BOOLEAN' ? false : '']));
}

/** The inputs showing a stored record's custom fields. */
export function customInputsFrom(fields: CustomFieldDef[], stored: Stored): CustomInputs {
  const out: CustomInputs = {};
  for (const f of fields) {
    const v = stored?.[f.key];
    if (f.type === 'BOOLEAN') out[f.key] = v === true;
    else if (f.type === 'DATE') out[f.key] = typeof v === 'string' ? dateInput(v) : '';
    else if (f.type === 'NUMBER') out[f.key] = typeof v === 'number' ? decimalInput(v) : '';
    else out[f.key] = v == null ? '' : String(v);
  }
  return out;
}

/** The API's `customFields`; what cannot be read is passed on as typed so the schema names it. */
export function customBody(
  fields: CustomFieldDef[],
  inputs: CustomInputs,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const f of fields) {
    const raw = inputs[f.key];
    if (f.type === 'BOOLEAN') out[f.key] = raw === true;
    else if (typeof raw !== 'string' || raw.trim() === '') out[f.key] = null;
    else if (f.type === 'NUMBER') out[f.key] = parseNumber(raw) ?? raw;
    else if (f.type === 'DATE') out[f.key] = parseDateBR(raw) ?? raw;
    else out[f.key] = raw.trim();
  }
  return out;
}

/** The custom fields' own checks (required, number, date), reported as `custom.<key>`. */
export function checkCustom(fields: CustomFieldDef[], inputs: CustomInputs, add: (path: string, m: string) => void) {
  for (const f of fields) {
    const raw = inputs[f.key];
    const empty = typeof raw !== 'string' || raw.trim() === '';
    if (f.required && f.type !== 'BOOLEAN' && empty) add(`custom.${f.key}`, PATRIMONIO_MSG.customRequired(f.label));
    else if (f.type === 'NUMBER' && !empty && parseNumber(raw as string) == null)
      add(`custom.${f.key}`, PATRIMONIO_MSG.customType(f.label));
    else if (f.type === 'DATE' && !empty && !parseDateBR(raw as string))
      add(`custom.${f.key}`, PATRIMONIO_MSG.customType(f.label));
  }
}

interface SafeParser {
  safeParse: (
    v: unknown,
  ) => { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A react-hook-form resolver over the shared zod schema the server validates with, plus the checks that
 * only the form knows (`check`); schema issue paths are moved onto inputs by `formPath`.
 */
export function recordResolver<T extends FieldValues>(opts: {
  check: (values: T, add: (path: string, message: string) => void) => void;
  candidate: (values: T) => unknown;
  schema: SafeParser;
  formPath: (path: PropertyKey[]) => string;
}): Resolver<T> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const add = (path: string, message: string) => {
      errors[path] ??= { type: 'validate', message };
    };
    opts.check(values, add);
    const parsed = opts.schema.safeParse(opts.candidate(values));
    if (!parsed.success) for (const issue of parsed.error.issues) add(opts.formPath(issue.path), issue.message);
    if (!Object.keys(errors).length) return { values, errors: {} };
    // Nested paths ("custom.x") become nested objects for react-hook-form.
    const nested: Record<string, unknown> = {};
    for (const [path, err] of Object.entries(errors)) {
      const [a, b] = path.split('.');
      if (b) nested[a] = { ...((nested[a] as object) ?? {}), [b]: err };
      else nested[a] = err;
    }
    return { values: {}, errors: nested as FieldErrors<T> };
  };
}
