import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { exportTemplateCreateBody, type ExportTemplate, type ExportTemplateCreate } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { useExportTemplateMutations } from './queries';

export interface ColumnChoice {
  key: string;
  header: string;
}

/**
 * Create or edit an export template: its name and its columns (an asset field each, with the
 * header the file shows), reordered with the arrows. The server checks the keys again (400).
 */
export function TemplateDialog({
  template,
  choices,
  onClose,
  seed,
  mutations,
}: {
  template: ExportTemplate | 'new';
  choices: ColumnChoice[];
  onClose: () => void;
  /** A new template's first values (a copy of a 'modelo do sistema'). */
  seed?: ExportTemplateCreate;
  /** Other save calls than the municipality's (the superuser's installation-wide templates). */
  mutations?: Pick<ReturnType<typeof useExportTemplateMutations>, 'save' | 'onError'>;
}) {
  const phone = useMediaQuery('(max-width:767.95px)');
  const own = useExportTemplateMutations();
  const { save, onError } = mutations ?? own;
  const initial: ExportTemplateCreate =
    template === 'new'
      ? (seed ?? { name: '', columns: choices.slice(0, 2).map((c) => ({ key: c.key, header: c.header })) })
      : { name: template.name, columns: template.columns };
  const form = useForm<ExportTemplateCreate>({
    resolver: zodResolver(exportTemplateCreateBody),
    defaultValues: initial,
  });
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'columns' });
  const { errors } = form.formState;
  useEffect(() => form.setFocus('name'), [form]);
  const columns = form.watch('columns');

  const submit = form.handleSubmit((values) => {
    const body = template === 'new' ? values : { ...values, version: template.version };
    save.mutate(
      { id: template === 'new' ? undefined : template.id, body },
      {
        onSuccess: onClose,
        onError: (err) => {
          // Field errors of the server (e.g. an unknown column) go to their inputs.
          if (err instanceof ApiError && err.fields)
            for (const [k, message] of Object.entries(err.fields))
              form.setError(k as 'name', { type: 'server', message });
          onError(err);
        },
      },
    );
  });

  const addColumn = () => {
    const used = new Set(columns.map((c) => c.key));
    const next = choices.find((c) => !used.has(c.key));
    if (next) append({ key: next.key, header: next.header });
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullScreen={phone} maxWidth="md" fullWidth>
      <DialogTitle>{template === 'new' ? 'Novo modelo de exportação' : 'Editar modelo de exportação'}</DialogTitle>
      <DialogContent>
        <Box component="form" id="export-template-form" onSubmit={submit} noValidate sx={{ pt: 1 }}>
          <TextField
            {...form.register('name')}
            id="modelo-nome"
            label="Nome do modelo"
            fullWidth
            required
            size="small"
            error={!!errors.name}
            helperText={errors.name?.message}
            sx={{ mb: 2 }}
          />
          <Typography variant="subtitle2" sx={{ mb: 1 }} id="colunas-titulo">
            Colunas (na ordem do arquivo)
          </Typography>
          {errors.columns?.message && (
            <Typography color="error" variant="body2" sx={{ mb: 1 }}>
              {errors.columns.message}
            </Typography>
          )}
          <Stack spacing={1.5} component="ol" aria-labelledby="colunas-titulo" sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {fields.map((f, i) => (
              <Box
                component="li"
                key={f.id}
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
                }}
                data-testid="template-column"
              >
                <TextField
                  select
                  size="small"
                  id={`coluna-${i}-campo`}
                  label={`Campo da coluna ${i + 1}`}
                  value={columns[i]?.key ?? ''}
                  onChange={(e) => {
                    const choice = choices.find((c) => c.key === e.target.value);
                    form.setValue(`columns.${i}.key`, e.target.value, { shouldValidate: true });
                    if (choice) form.setValue(`columns.${i}.header`, choice.header, { shouldValidate: true });
                  }}
                  error={!!errors.columns?.[i]?.key}
                  helperText={errors.columns?.[i]?.key?.message}
                >
                  {choices.map((c) => (
                    <MenuItem key={c.key} value={c.key}>
                      {c.header}
                    </MenuItem>
                  ))}
                  {columns[i] && !choices.some((c) => c.key === columns[i].key) && (
                    <MenuItem value={columns[i].key}>{columns[i].key} (campo removido)</MenuItem>
                  )}
                </TextField>
                <TextField
                  {...form.register(`columns.${i}.header`)}
                  size="small"
                  id={`coluna-${i}-cabecalho`}
                  label="Cabeçalho no arquivo"
                  error={!!errors.columns?.[i]?.header}
                  helperText={errors.columns?.[i]?.header?.message}
                />
                <Box sx={{ display: 'flex' }}>
                  <Tooltip title="Mover para cima">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Mover coluna ${i + 1} para cima`}
                        disabled={i === 0}
                        onClick={() => swap(i, i - 1)}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Mover para baixo">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Mover coluna ${i + 1} para baixo`}
                        disabled={i === fields.length - 1}
                        onClick={() => swap(i, i + 1)}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remover coluna">
                    <IconButton size="small" aria-label={`Remover coluna ${i + 1}`} onClick={() => remove(i)}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
            ))}
          </Stack>
          <Button startIcon={<Add />} sx={{ mt: 1.5 }} onClick={addColumn} disabled={columns.length >= choices.length}>
            Adicionar coluna
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" form="export-template-form" variant="contained" disabled={save.isPending}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
