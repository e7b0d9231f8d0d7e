import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { formatDate, type ContabilidadeConfig } from '@tombo/shared';
import { QueryState } from '../../components/register/QueryState';
import { FormSelect, FormText } from '../../components/register/form';
import { useCan } from '../../lib/permissions';
import { useApiMutation } from '../../lib/useApiMutation';
import { putConfig } from './api';
import { contabilidadeKeys } from './keys';
import { M_LOAD, useContabilidadeConfig, usePlano } from './queries';

interface Inputs {
  prazoDia: string;
  incorporacaoCompra: ContabilidadeConfig['incorporacaoCompra'];
  contaTransitoriaId: string;
}
const inputsOf = (c: ContabilidadeConfig): Inputs => ({
  prazoDia: String(c.prazoDia),
  incorporacaoCompra: c.incorporacaoCompra,
  contaTransitoriaId: c.contaTransitoriaId != null ? String(c.contaTransitoriaId) : '',
});

/** The accounting deadline that locks a month, and who posts a purchase's incorporation. */
export function ConfigPanel() {
  const query = useContabilidadeConfig();
  return (
    <QueryState query={query} errorText={M_LOAD}>
      {(config) => <ConfigForm config={config} />}
    </QueryState>
  );
}

function ConfigForm({ config }: { config: ContabilidadeConfig }) {
  const canManage = useCan()('contabilidade:manage');
  const plano = usePlano();
  const { control, handleSubmit, reset, setError, watch } = useForm<Inputs>({ defaultValues: inputsOf(config) });
  useEffect(() => reset(inputsOf(config)), [config, reset]);
  const save = useApiMutation({
    mutationFn: (v: Inputs) =>
      putConfig({
        prazoDia: Number(v.prazoDia),
        incorporacaoCompra: v.incorporacaoCompra,
        contaTransitoriaId: v.contaTransitoriaId ? Number(v.contaTransitoriaId) : null,
        version: config.version,
      }),
    invalidate: [contabilidadeKeys.config],
    success: 'Configuração contábil salva.',
    form: { setError },
  });
  const transitorias = (plano.data ?? []).filter((c) => c.papel === 'transitoria');
  const common = { control, fullWidth: true, margin: 'dense' as const, disabled: !canManage };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
      <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate aria-label="Configuração contábil">
        <Alert severity="info" sx={{ mb: 2 }}>
          {config.inicio
            ? `O livro contábil começou em ${formatDate(config.inicio)}, com os saldos de abertura de cada conta.`
            : 'O livro contábil ainda não começou: os saldos de abertura são lançados com o primeiro fato.'}
        </Alert>
        <FormText
          {...common}
          name="prazoDia"
          id="config-prazo"
          label="Prazo contábil (dia do mês seguinte)"
          type="number"
          required
          help="Depois deste dia, um mês fechado fica encerrado: nada datado nele pode ser gravado (padrão: 25)."
          slotProps={{ htmlInput: { min: 1, max: 31, step: 1 } }}
        />
        <FormSelect
          {...common}
          name="incorporacaoCompra"
          id="config-incorporacao"
          label="Incorporação de bens comprados"
          options={[
            { value: 'contabilidade', label: 'Lançada pela contabilidade na liquidação (o Tombo registra o fato)' },
            { value: 'transitoria', label: 'Lançada pelo Tombo: débito no ativo, crédito na conta transitória' },
          ]}
        />
        {watch('incorporacaoCompra') === 'transitoria' && (
          <FormSelect
            {...common}
            name="contaTransitoriaId"
            id="config-transitoria"
            label="Conta transitória"
            required
            emptyLabel="Escolha a conta"
            options={transitorias.map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` }))}
          />
        )}
        {canManage && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Salvar
            </Button>
          </Stack>
        )}
      </form>
    </Paper>
  );
}
