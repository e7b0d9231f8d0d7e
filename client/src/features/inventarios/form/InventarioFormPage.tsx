import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  INVENTARIO_MSG,
  INVENTARIO_SCOPES,
  INVENTARIO_SCOPE_LABELS,
  INVENTARIO_TIPOS,
  INVENTARIO_TIPO_LABELS,
} from '@tombo/shared';
import { FormDate } from '../../../components/register/form';
import { ContentSpinner } from '../../../components/FullScreenSpinner';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../lib/feature';
import type { InventarioUpdateInput } from '../api';
import { useLocais } from '../../locais';
import { sortByName, useSectors } from '../../sectors';
import { useInventario, useInventarioMutations } from '../queries';
import { CommissionField } from './CommissionField';
import { emptyForm, formOf, inventarioForm, type InventarioFormInput, type InventarioFormOutput } from './formSchema';

const SCOPE_HELP: Record<string, string> = {
  sector: 'Todos os bens do setor.',
  location: 'Bens dos locais do setor cujo nome contém o texto informado (ex.: "sala").',
  specific_location: 'Bens de um único local do setor.',
};

/** /inventarios/novo and /inventarios/editar/:id: the inventory's header, scope and commission. */
export default function InventarioFormPage({ title }: PageProps) {
  const params = useParams();
  const editId = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const detail = useInventario(editId);
  const inv = detail.data;
  const { create, update } = useInventarioMutations();
  const { control, register, handleSubmit, reset, watch, formState } = useForm<
    InventarioFormInput,
    unknown,
    InventarioFormOutput
  >({ resolver: zodResolver(inventarioForm as never) as never, defaultValues: emptyForm() });
  useEffect(() => {
    if (inv) reset(formOf(inv));
  }, [inv, reset]);
  const sectorId = watch('sectorId');
  const scope = watch('scope');
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const locais = sortByName(useLocais(sectorId === '' ? undefined : sectorId).data?.locais ?? []);
  // Sector and scope are fixed once readings exist (the server answers 409 otherwise).
  const counted = !!inv && (inv.encontrados > 0 || inv.ocorrencias > 0 || inv.contadores.some((c) => c.leituras > 0));
  const current = useMemo(() => inv?.comissao ?? [], [inv]);
  const { errors } = formState;
  const busy = create.isPending || update.isPending;

  if (editId != null && detail.isPending) return <ContentSpinner />;
  if (editId != null && (detail.isError || !inv))
    return <LoadError message={INVENTARIO_MSG.notFound} onRetry={() => void detail.refetch()} />;

  const submit = (v: InventarioFormOutput) => {
    if (!inv) {
      create.mutate(v, { onSuccess: (created) => navigate(`/inventarios/${created.id}`) });
      return;
    }
    const body: InventarioUpdateInput = {
      title: v.title,
      description: v.description,
      tipo: v.tipo,
      dataInicio: v.dataInicio,
      comissao: v.comissao,
      version: inv.version,
    };
    const scopeChanged =
      v.sectorId !== inv.sectorId ||
      v.scope !== inv.scope ||
      (v.locationType ?? null) !== inv.locationType ||
      (v.specificLocationId ?? null) !== inv.specificLocationId;
    if (scopeChanged)
      Object.assign(body, {
        sectorId: v.sectorId,
        scope: v.scope,
        locationType: v.locationType,
        specificLocationId: v.specificLocationId ?? null,
      });
    update.mutate({ id: inv.id, body }, { onSuccess: () => navigate('/inventarios') });
  };

  return (
    <>
      <PageHeader title={title} subtitle={inv ? inv.title : 'Abra uma contagem dos bens de um setor.'} />
      {inv?.status === 'completed' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {INVENTARIO_MSG.completed}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 900 }}>
        <form noValidate onSubmit={handleSubmit(submit)} aria-label={title}>
          <TextField
            {...register('title')}
            id="inventario-titulo"
            label="Título"
            fullWidth
            margin="normal"
            required
            error={!!errors.title}
            helperText={errors.title?.message}
          />
          <TextField
            {...register('description')}
            id="inventario-descricao"
            label="Descrição"
            fullWidth
            margin="normal"
            multiline
            minRows={2}
            error={!!errors.description}
            helperText={errors.description?.message}
          />
          <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={control}
              name="tipo"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  {...field}
                  id="inventario-tipo"
                  label="Tipo"
                  margin="normal"
                  required
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Conforme a IN SEDAP 205/88.'}
                >
                  {INVENTARIO_TIPOS.map((t) => (
                    <MenuItem key={t} value={t}>
                      {INVENTARIO_TIPO_LABELS[t]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormDate
              control={control}
              name="dataInicio"
              id="inventario-inicio"
              label="Data de início"
              margin="normal"
              required
            />
          </Box>
          <Controller
            control={control}
            name="sectorId"
            render={({ field, fieldState }) => (
              <TextField
                select
                id="inventario-setor"
                label="Setor"
                fullWidth
                margin="normal"
                required
                disabled={counted}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ??
                  (counted ? INVENTARIO_MSG.scopeLocked : 'Os bens do setor entram na contagem.')
                }
              >
                {sectors.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="scope"
            render={({ field, fieldState }) => (
              <FormControl margin="normal" error={!!fieldState.error} disabled={counted} fullWidth>
                <FormLabel id="inventario-abrangencia-label">Abrangência</FormLabel>
                <RadioGroup {...field} aria-labelledby="inventario-abrangencia-label" row sx={{ columnGap: 2 }}>
                  {INVENTARIO_SCOPES.map((s) => (
                    <FormControlLabel key={s} value={s} control={<Radio />} label={INVENTARIO_SCOPE_LABELS[s]} />
                  ))}
                </RadioGroup>
                <FormHelperText>{fieldState.error?.message ?? SCOPE_HELP[field.value]}</FormHelperText>
              </FormControl>
            )}
          />
          {scope === 'location' && (
            <TextField
              {...register('locationType')}
              id="inventario-tipo-local"
              label="Tipo de local"
              placeholder="ex.: sala, almoxarifado, laboratório"
              fullWidth
              margin="normal"
              required
              disabled={counted}
              error={!!errors.locationType}
              helperText={errors.locationType?.message}
            />
          )}
          {scope === 'specific_location' && (
            <Controller
              control={control}
              name="specificLocationId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  id="inventario-local"
                  label="Local"
                  fullWidth
                  margin="normal"
                  required
                  disabled={counted || sectorId === ''}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.message ??
                    (sectorId === ''
                      ? 'Escolha o setor primeiro.'
                      : locais.length
                        ? undefined
                        : 'O setor não tem locais.')
                  }
                >
                  {locais.map((l) => (
                    <MenuItem key={l.id} value={l.id}>
                      {l.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <Controller
            control={control}
            name="comissao"
            render={({ field, fieldState }) => (
              <CommissionField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                current={current}
                error={fieldState.error?.message}
              />
            )}
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
            <Button onClick={() => navigate('/inventarios')} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" disabled={busy || inv?.status === 'completed'}>
              {inv ? 'Salvar alterações' : 'Criar inventário'}
            </Button>
          </Box>
        </form>
      </Paper>
    </>
  );
}
