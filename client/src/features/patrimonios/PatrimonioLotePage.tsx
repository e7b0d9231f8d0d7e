import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PATRIMONIO_LIMITS, PATRIMONIO_MSG } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useSectors } from '../sectors';
import { useFormas, useFormFields, useTipos } from '../catalogs';
import { emptyValues, makeResolver, toBody, type FormValues } from './formModel';
import { patrimonioKeys } from './keys';
import { PatrimonioFields } from './PatrimonioFields';
import { createLote, type LoteResult } from './api';

/** /bens-cadastrados/novo-lote: N identical assets with N consecutive numbers, in one transaction. */
export default function PatrimonioLotePage({ title }: PageProps) {
  const fields = useFormFields();
  const sectors = useSectors();
  const tipos = useTipos();
  const formas = useFormas();
  const [result, setResult] = useState<LoteResult | null>(null);
  const [formKey, setFormKey] = useState(0);
  const loading = fields.isPending || sectors.isPending || tipos.isPending || formas.isPending;
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Cadastre vários bens iguais de uma vez; cada um recebe um número de patrimônio próprio, em sequência."
      />
      {result && (
        <LoteResultPanel
          result={result}
          onAgain={() => {
            setResult(null);
            setFormKey((k) => k + 1);
          }}
        />
      )}
      {fields.isError || sectors.isError ? (
        <LoadError
          message={PATRIMONIO_MSG.loadFailed}
          onRetry={() => {
            void fields.refetch();
            void sectors.refetch();
          }}
        />
      ) : loading ? (
        <ContentSpinner />
      ) : (
        !result && <LoteForm key={formKey} onDone={setResult} />
      )}
    </>
  );
}

function LoteResultPanel({ result, onAgain }: { result: LoteResult; onAgain: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} role="region" aria-label="Bens criados">
      <Alert severity="success" sx={{ mb: 2 }}>
        {PATRIMONIO_MSG.createdLote(result.count)} Números de <strong>{result.first}</strong> a{' '}
        <strong>{result.last}</strong>.
      </Alert>
      <Box
        component="ul"
        aria-label="Números criados"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          listStyle: 'none',
          p: 0,
          m: 0,
          maxHeight: 320,
          overflow: 'auto',
        }}
      >
        {result.patrimonios.map((p) => (
          <li key={p.id}>
            <Chip
              component={RouterLink}
              to={`/bens-cadastrados/ver/${p.id}`}
              clickable
              label={p.numero_patrimonio}
              variant="outlined"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            />
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2, flexWrap: 'wrap' }}>
        <Button onClick={onAgain}>Novo lote</Button>
        <Button variant="contained" component={RouterLink} to="/bens-cadastrados">
          Ver bens cadastrados
        </Button>
      </Box>
    </Paper>
  );
}

function LoteForm({ onDone }: { onDone: (r: LoteResult) => void }) {
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const fieldsData = useFormFields().data;
  const fieldDefs = useMemo(() => fieldsData ?? [], [fieldsData]);
  const allSectors = useSectors().data?.sectors ?? [];
  const sectors = user?.role === 'usuario' ? allSectors.filter((s) => user.sectorIds.includes(s.id)) : allSectors;
  const tipos = useTipos().data ?? [];
  const formas = useFormas().data ?? [];
  const defaults = useMemo(() => emptyValues(fieldDefs, sectors.length === 1 ? String(sectors[0].id) : ''), []); // eslint-disable-line react-hooks/exhaustive-deps
  const resolver = useMemo(() => makeResolver('lote', fieldDefs), [fieldDefs]);
  const { control, handleSubmit, setValue, setError } = useForm<FormValues>({
    defaultValues: defaults,
    resolver,
    mode: 'onTouched',
  });
  const [saving, setSaving] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const { status: _s, ...body } = toBody(values, fieldDefs);
      void _s;
      const r = await createLote({ ...body, quantity: Number(values.lote) });
      void qc.invalidateQueries({ queryKey: patrimonioKeys.lists });
      toast.success(PATRIMONIO_MSG.createdLote(r.count));
      onDone(r);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const map: Record<string, keyof FormValues> = {
          valor_aquisicao: 'valor',
          data_aquisicao: 'data',
          quantity: 'lote',
        };
        for (const [k, message] of Object.entries(err.fields))
          setError((k.startsWith('customFields.') ? `custom.${k.slice(13)}` : (map[k] ?? k)) as keyof FormValues, {
            type: 'server',
            message,
          });
      }
      toast.fromError(err);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label="Cadastro em lote"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Controller
        control={control}
        name="lote"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="lote-quantidade"
            label="Bens a cadastrar no lote"
            type="number"
            required
            disabled={saving}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ??
              `De 1 a ${PATRIMONIO_LIMITS.loteMax} bens, cada um com seu número (a quantidade abaixo são as unidades de cada bem).`
            }
            slotProps={{ htmlInput: { min: 1, max: PATRIMONIO_LIMITS.loteMax, step: 1 } }}
            sx={{ maxWidth: 280, mb: 2 }}
            fullWidth
          />
        )}
      />
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle2" component="h2" sx={{ mb: 2 }}>
        Dados comuns a todos os bens do lote
      </Typography>
      <PatrimonioFields
        control={control}
        setValue={setValue}
        fields={fieldDefs}
        sectors={sectors}
        tipos={tipos}
        formas={formas}
        showStatus={false}
        disabled={saving}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
        <Button component={RouterLink} to="/bens-cadastrados" disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Cadastrando…' : 'Cadastrar lote'}
        </Button>
      </Box>
    </Paper>
  );
}
