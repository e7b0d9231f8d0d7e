import type { FieldType } from './schemas';

/** A field of the asset form, as the API returns it. */
export interface FormField {
  id: number;
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** A field of the municipality's own (value kept in the asset's `customFields`). */
  isCustom: boolean;
  /** Cannot be deleted, its type cannot change. */
  isSystem: boolean;
  options: string[] | null;
  position: number;
  version: number;
  /** 'installation': defined by the superuser for every municipality (read-only to the municipality). */
  origin?: 'municipality' | 'installation';
}
export interface FormFieldList {
  fields: FormField[];
  total: number;
}
