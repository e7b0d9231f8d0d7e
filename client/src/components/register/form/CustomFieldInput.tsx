import type { Control, FieldValues, Path } from 'react-hook-form';
import type { FormField } from '@tombo/shared';
import { FormDate } from './FormDate';
import { FormSelect } from './FormSelect';
import { FormSwitch } from './FormSwitch';
import { FormText } from './FormText';

/** A form whose custom-field values sit under `custom`, by field key (text as typed, or a switch's boolean). */
export type CustomValues = FieldValues & { custom: Record<string, string | boolean> };

/** The municipality's configurable field as the forms need it (assets and properties share the shape). */
export type CustomFieldDef = Pick<FormField, 'key' | 'label' | 'type' | 'required' | 'options'>;

const full = { gridColumn: '1 / -1' } as const;

/** One custom field's input, by its type (text, long text, number, date dd/mm/aaaa, list, yes/no). */
export function CustomFieldInput<T extends CustomValues>({
  control,
  field: def,
  disabled,
  idPrefix,
}: {
  control: Control<T>;
  field: CustomFieldDef;
  disabled?: boolean;
  /** The inputs' ids are `<idPrefix>-cf-<key>`. */
  idPrefix: string;
}) {
  const name = `custom.${def.key}` as Path<T>;
  const common = { control, name, id: `${idPrefix}-cf-${def.key}`, label: def.label, required: def.required, disabled };
  switch (def.type) {
    case 'BOOLEAN':
      return <FormSwitch {...common} />;
    case 'DATE':
      return <FormDate {...common} />;
    case 'SELECT':
      return (
        <FormSelect
          {...common}
          emptyLabel={def.required ? 'Selecione' : 'Nenhuma'}
          options={(def.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      );
    case 'NUMBER':
      return <FormText {...common} help="Número." slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
    case 'TEXTAREA':
      return <FormText {...common} multiline minRows={2} sx={full} />;
    default:
      return <FormText {...common} />;
  }
}

/** Every custom field of a record, in the municipality's order. */
export function CustomFields<T extends CustomValues>({
  fields,
  ...props
}: { fields: CustomFieldDef[] } & Omit<Parameters<typeof CustomFieldInput<T>>[0], 'field'>) {
  return (
    <>
      {fields.map((f) => (
        <CustomFieldInput key={f.key} {...props} field={f} />
      ))}
    </>
  );
}
