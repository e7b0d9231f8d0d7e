import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { foldText, type FormField, type ImportacaoMapping } from '@tombo/shared';
import { CUSTOM_FIELDS_KEY, fetchCustomFields } from './api';
import { ColumnSelect } from './ColumnSelect';

const fold = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Custom fields whose label or key names a column no other field uses (the file's own names). */
export function suggestCustom(fields: FormField[], headers: string[], mapping: ImportacaoMapping) {
  const used = new Set(
    [...Object.values(mapping), ...Object.values(mapping.custom ?? {})].filter((v) => typeof v === 'number'),
  );
  const custom: Record<string, number> = {};
  for (const f of fields) {
    const i = headers.findIndex(
      (h, j) => !used.has(j) && h.trim() !== '' && (fold(h) === fold(f.label) || fold(h) === fold(f.key)),
    );
    if (i >= 0) {
      custom[f.key] = i;
      used.add(i);
    }
  }
  return custom;
}

/** Columns for the asset form's custom fields (the municipality's and installation-wide ones). */
export function CustomFieldsMapping({
  importacaoId,
  headers,
  mapping,
  onMapping,
  errors,
}: {
  importacaoId: string;
  headers: string[];
  mapping: ImportacaoMapping;
  onMapping: (m: ImportacaoMapping) => void;
  errors: Record<string, string>;
}) {
  const { data: fields = [] } = useQuery({ queryKey: CUSTOM_FIELDS_KEY, queryFn: fetchCustomFields });
  // Once per upload: the fields named like a column start mapped to it.
  useEffect(() => {
    if (!fields.length || Object.keys(mapping.custom ?? {}).length) return;
    const custom = suggestCustom(fields, headers, mapping);
    if (Object.keys(custom).length) onMapping({ ...mapping, custom });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields, importacaoId]);
  if (!fields.length) return null;
  const set = (key: string, col: number | null) => {
    const custom = { ...(mapping.custom ?? {}) };
    if (col == null) delete custom[key];
    else custom[key] = col;
    onMapping({ ...mapping, custom });
  };
  return (
    <>
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        Campos personalizados
      </Typography>
      <Grid container spacing={2}>
        {fields.map((f) => {
          return (
            <ColumnSelect
              key={f.key}
              label={f.label}
              headers={headers}
              column={mapping.custom?.[f.key]}
              onColumn={(col) => set(f.key, col)}
              error={errors[`mapping.custom.${f.key}`]}
              testId={`map-custom-${f.key}`}
            />
          );
        })}
      </Grid>
    </>
  );
}
