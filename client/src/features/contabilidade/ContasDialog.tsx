import { useForm } from 'react-hook-form';
import { useEffect } from 'react';
import type { ContaContabil, ContasMapeamento, PapelConta } from '@tombo/shared';
import { RecordDialog } from '../../components/register/crud';
import { FormSelect } from '../../components/register/form';
import { useApiMutation } from '../../lib/useApiMutation';
import type { Linha } from './ContasPanel';
import { byCodigo } from './PlanoPanel';

/** The four accounts of a type, each chosen among the chart's accounts of its role. */
export const CONTA_CAMPOS: ReadonlyArray<{ campo: keyof ContasMapeamento; label: string; papel: PapelConta }> = [
  { campo: 'ativo', label: 'Ativo', papel: 'ativo' },
  { campo: 'depreciacaoAcumulada', label: '(−) Depreciação acumulada', papel: 'depreciacao_acumulada' },
  { campo: 'reducaoValorRecuperavel', label: '(−) Redução ao valor recuperável', papel: 'reducao_valor_recuperavel' },
  { campo: 'vpdDepreciacao', label: 'VPD de depreciação', papel: 'vpd_depreciacao' },
];

type Inputs = Record<keyof ContasMapeamento, string>;
const inputsOf = (c: ContasMapeamento | undefined): Inputs => ({
  ativo: c?.ativo != null ? String(c.ativo) : '',
  depreciacaoAcumulada: c?.depreciacaoAcumulada != null ? String(c.depreciacaoAcumulada) : '',
  reducaoValorRecuperavel: c?.reducaoValorRecuperavel != null ? String(c.reducaoValorRecuperavel) : '',
  vpdDepreciacao: c?.vpdDepreciacao != null ? String(c.vpdDepreciacao) : '',
});
const contasOf = (v: Inputs): ContasMapeamento => ({
  ativo: v.ativo ? Number(v.ativo) : null,
  depreciacaoAcumulada: v.depreciacaoAcumulada ? Number(v.depreciacaoAcumulada) : null,
  reducaoValorRecuperavel: v.reducaoValorRecuperavel ? Number(v.reducaoValorRecuperavel) : null,
  vpdDepreciacao: v.vpdDepreciacao ? Number(v.vpdDepreciacao) : null,
});

export function ContasDialog({
  linha,
  plano,
  onClose,
}: {
  linha: Linha | null;
  plano: ContaContabil[];
  onClose: () => void;
}) {
  const { control, handleSubmit, reset, setError } = useForm<Inputs>({ defaultValues: inputsOf(undefined) });
  useEffect(() => {
    if (linha) reset(inputsOf(linha.contas));
  }, [linha, reset]);
  const save = useApiMutation({
    mutationFn: (v: Inputs) => linha!.save(contasOf(v)),
    invalidate: linha ? [linha.invalidate] : [],
    success: 'Contas contábeis salvas.',
    form: { setError, map: (f) => f.replace(/^contas\./, '') },
    onSuccess: onClose,
  });
  const contas = byCodigo(plano);
  return (
    <RecordDialog
      open={!!linha}
      id="contas-dialog"
      title={linha ? `Contas de ${linha.nome}` : ''}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={handleSubmit((v) => save.mutate(v))}
      maxWidth="sm"
    >
      {CONTA_CAMPOS.map((c) => (
        <FormSelect
          key={c.campo}
          control={control}
          fullWidth
          margin="dense"
          name={c.campo}
          id={`contas-${c.campo}`}
          label={c.label}
          emptyLabel="Sem conta"
          options={contas
            .filter((x) => x.papel === c.papel)
            .map((x) => ({ value: String(x.id), label: `${x.codigo} — ${x.nome}` }))}
        />
      ))}
    </RecordDialog>
  );
}
