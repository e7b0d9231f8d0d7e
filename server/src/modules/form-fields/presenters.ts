import type { FieldType, FormField } from '@tombo/shared';
import type { assetFormFields } from '../../db/schema';

export type FormFieldRow = typeof assetFormFields.$inferSelect;

/** Row → API shape of an asset form field. */
export const presentField = (r: FormFieldRow): FormField => ({
  id: r.id,
  key: r.key,
  label: r.label,
  type: r.type as FieldType,
  required: r.required,
  isCustom: r.isCustom,
  isSystem: r.isSystem,
  options: r.options ?? null,
  position: r.position,
  version: r.version,
});
