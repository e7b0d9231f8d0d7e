import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { FORM_FIELD_MSG, IMPORTACAO_FIELDS, IMPORTACAO_FIELD_LABELS, type ImportacaoMapping } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { createField } from '../catalogs';
import { CUSTOM_FIELDS_KEY, fetchCustomFields } from './api';

/** A custom field's label from a column's header (the form's labels take 80 characters). */
const labelOf = (header: string) => header.trim().replace(/\s+/g, ' ').slice(0, 80);

/**
 * Nothing silently dropped: every column of the file and where it goes — a field, a custom field, or
 * "Dados de origem" (the column's label and text kept on the asset). Whoever manages the catalogs can turn
 * an unmapped column into a new custom field of the asset form, mapped to it at once.
 */
export function ColumnDestinations({
  headers,
  mapping,
  onMapping,
}: {
  headers: string[];
  mapping: ImportacaoMapping;
  onMapping: (m: ImportacaoMapping) => void;
}) {
  const qc = useQueryClient();
  const canCreate = useCan()('catalogs:manage');
  const { data: fields = [] } = useQuery({ queryKey: CUSTOM_FIELDS_KEY, queryFn: fetchCustomFields });
  const create = useMutation({
    mutationFn: ({ column }: { column: number }) => createField({ label: labelOf(headers[column]), type: 'TEXT' }),
    onSuccess: async (field, { column }) => {
      toast.success(FORM_FIELD_MSG.added);
      await qc.invalidateQueries({ queryKey: CUSTOM_FIELDS_KEY });
      onMapping({ ...mapping, custom: { ...(mapping.custom ?? {}), [field.key]: column } });
    },
    onError: (err) => toast.fromError(err),
  });
  const label = new Map(fields.map((f) => [f.key, f.label]));
  const where = new Map<number, string>();
  for (const f of IMPORTACAO_FIELDS) if (mapping[f] != null) where.set(mapping[f], IMPORTACAO_FIELD_LABELS[f]);
  for (const [k, col] of Object.entries(mapping.custom ?? {}))
    where.set(col, `Campo personalizado: ${label.get(k) ?? k}`);
  return (
    <section aria-label="Destino de cada coluna">
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        Destino de cada coluna do arquivo
      </Typography>
      <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Destino de cada coluna">
          <TableHead>
            <TableRow>
              <TableCell>Coluna do arquivo</TableCell>
              <TableCell>Vai para</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {headers.map((h, i) => (
              <TableRow key={i} data-testid={`destino-${i}`}>
                <TableCell>{h || `Coluna ${i + 1}`}</TableCell>
                <TableCell>
                  {where.get(i) ?? (
                    <>
                      <Typography component="span" variant="body2" color="text.secondary">
                        Dados de origem (mantidos no bem)
                      </Typography>
                      {canCreate && labelOf(h) && (
                        <Button
                          size="small"
                          startIcon={<AddCircleOutline />}
                          sx={{ ml: 1 }}
                          disabled={create.isPending}
                          onClick={() => create.mutate({ column: i })}
                          aria-label={`Criar campo personalizado "${labelOf(h)}" com esta coluna`}
                        >
                          Criar campo
                        </Button>
                      )}
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
