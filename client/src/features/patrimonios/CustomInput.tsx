import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { maskDateBR, type FormField } from '@tombo/shared';

/** A form whose custom-field values sit under `custom`, by field key (text as typed, or a switch's boolean). */
export type CustomValues = FieldValues & { custom: Record<string, string | boolean> };

const full = { gridColumn: '1 / -1' } as const;

/** One custom field's input, by its type (text, long text, number, date dd/mm/aaaa, list, yes/no). */
export function CustomInput<T extends CustomValues>({
  control,
  field: def,
  disabled,
  idPrefix = 'bem',
}: {
  control: Control<T>;
  field: FormField;
  disabled?: boolean;
  /** The inputs' ids are `<idPrefix>-cf-<key>`. */
  idPrefix?: string;
}) {
  const name = `custom.${def.key}` as Path<T>;
  const id = `${idPrefix}-cf-${def.key}`;
  if (def.type === 'BOOLEAN') {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                id={id}
                checked={field.value === true}
                onChange={(e) => field.onChange(e.target.checked)}
                disabled={disabled}
              />
            }
            label={def.label}
          />
        )}
      />
    );
  }
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(def.type === 'DATE' ? maskDateBR(e.target.value) : e.target.value)}
          label={def.label}
          required={def.required}
          disabled={disabled}
          select={def.type === 'SELECT'}
          multiline={def.type === 'TEXTAREA'}
          minRows={def.type === 'TEXTAREA' ? 2 : undefined}
          placeholder={def.type === 'DATE' ? 'dd/mm/aaaa' : undefined}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message ??
            (def.type === 'DATE' ? 'No formato dd/mm/aaaa.' : def.type === 'NUMBER' ? 'Número.' : ' ')
          }
          slotProps={{
            htmlInput: { inputMode: def.type === 'NUMBER' ? 'decimal' : def.type === 'DATE' ? 'numeric' : undefined },
          }}
          sx={def.type === 'TEXTAREA' ? full : undefined}
        >
          {def.type === 'SELECT' && [
            <MenuItem key="" value="">
              {def.required ? 'Selecione' : 'Nenhuma'}
            </MenuItem>,
            ...(def.options ?? []).map((o) => (
              <MenuItem key={o} value={o}>
                {o}
              </MenuItem>
            )),
          ]}
        </TextField>
      )}
    />
  );
}
