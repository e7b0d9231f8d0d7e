import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DEPRECIACAO_MSG as M,
  formatDate,
  parseDateBR,
  type ArredondamentoDepreciacao,
  type DepreciacaoConfig,
  type InicioDepreciacao,
} from '@tombo/shared';
import { QueryState } from '../../components/register/QueryState';
import { FormDate, FormSelect } from '../../components/register/form';
import { useCan } from '../../lib/permissions';
import { useApiMutation } from '../../lib/useApiMutation';
import { fetchDepreciacaoConfig, putDepreciacaoConfig } from './api';
import { depreciacaoKeys } from './keys';

const INICIO: Array<{ value: InicioDepreciacao; label: string }> = [
  { value: 'mes_seguinte', label: 'No mês seguinte ao da entrada em serviço (regra federal)' },
  { value: 'mes_entrada', label: 'No próprio mês da entrada em serviço' },
  { value: 'pro_rata', label: 'Pro rata pelos dias em serviço no primeiro mês' },
];
const ARREDONDAMENTO: Array<{ value: ArredondamentoDepreciacao; label: string }> = [
  { value: 'recalculo', label: 'Recalcular a cada mês sobre o saldo, arredondando para cima (SIADS)' },
  { value: 'fixo', label: 'Quota fixa arredondada; o último mês ajusta a diferença' },
];

interface Inputs {
  inicio: InicioDepreciacao;
  arredondamento: ArredondamentoDepreciacao;
  dataCorte: string;
}
const inputsOf = (c: DepreciacaoConfig): Inputs => ({
  inicio: c.inicio,
  arredondamento: c.arredondamento,
  dataCorte: c.dataCorte ? formatDate(c.dataCorte) : '',
});

/** The municipality's depreciation rules (docs/depreciation.md): when it starts, how it rounds, the cut-over date. */
export function RegrasDepreciacao() {
  const query = useQuery({ queryKey: depreciacaoKeys.config, queryFn: ({ signal }) => fetchDepreciacaoConfig(signal) });
  return (
    <QueryState query={query} errorText="Não foi possível carregar as regras de depreciação.">
      {(config) => <RegrasForm config={config} />}
    </QueryState>
  );
}

function RegrasForm({ config }: { config: DepreciacaoConfig }) {
  const canManage = useCan()('settings:update');
  const { control, handleSubmit, reset, setError } = useForm<Inputs>({ defaultValues: inputsOf(config) });
  useEffect(() => reset(inputsOf(config)), [config, reset]);
  const save = useApiMutation({
    mutationFn: (v: Inputs) =>
      putDepreciacaoConfig({
        inicio: v.inicio,
        arredondamento: v.arredondamento,
        dataCorte: v.dataCorte.trim() ? (parseDateBR(v.dataCorte) ?? v.dataCorte) : null,
        version: config.version,
      }),
    invalidate: [depreciacaoKeys.config, depreciacaoKeys.all],
    success: M.configSalva,
    form: { setError },
  });
  const common = { control, fullWidth: true, margin: 'dense' as const, disabled: !canManage };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720, mt: 3 }}>
      <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate aria-label="Regras de depreciação">
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          Regras de depreciação
        </Typography>
        <FormSelect {...common} name="inicio" id="regras-inicio" label="Início da depreciação" options={INICIO} />
        <FormSelect
          {...common}
          name="arredondamento"
          id="regras-arredondamento"
          label="Arredondamento"
          options={ARREDONDAMENTO}
        />
        <FormDate
          {...common}
          name="dataCorte"
          id="regras-corte"
          label="Data de corte"
          help="Bens adquiridos antes dela não são depreciados. Em branco: todos."
        />
        {canManage && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Salvar regras
            </Button>
          </Stack>
        )}
      </form>
    </Paper>
  );
}
