import { contaCreateBody, PAPEIS_CONTA, PAPEL_CONTA_LABELS, type ContaContabil, type PapelConta } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { useApiMutation } from '../../lib/useApiMutation';
import { CrudPage, RecordDialog, useDialogForm, type CrudDialogProps } from '../../components/register/crud';
import { FormSelect, FormText, recordResolver } from '../../components/register/form';
import { createConta, updateConta } from './api';
import { contabilidadeKeys } from './keys';
import { M_LOAD, usePlano } from './queries';

const invalidate = [contabilidadeKeys.plano];
const PAPEL_OPTIONS = PAPEIS_CONTA.map((p) => ({ value: p, label: PAPEL_CONTA_LABELS[p] }));
/** Codes in the chart's order: 1.2.3.1.1.2 before 1.2.3.1.1.10. */
export const byCodigo = (contas: ContaContabil[]) =>
  [...contas].sort((a, b) => a.codigo.localeCompare(b.codigo, 'pt-BR', { numeric: true }));

/** The municipality's chart: accounts are added and renamed, never deleted (an entry may name them). */
export function PlanoPanel() {
  const canManage = useCan()('contabilidade:manage');
  return (
    <CrudPage
      newLabel="Nova Conta"
      canManage={canManage}
      query={usePlano()}
      rows={byCodigo}
      errorText={M_LOAD}
      empty={{ title: 'O plano de contas está vazio.', description: 'Use "Nova Conta" para incluir a primeira.' }}
      label="Plano de contas"
      columns={[
        { key: 'codigo', label: 'Código', render: (c) => c.codigo, cellSx: { whiteSpace: 'nowrap' } },
        { key: 'nome', label: 'Nome', render: (c) => c.nome },
        { key: 'papel', label: 'Papel', render: (c) => PAPEL_CONTA_LABELS[c.papel], wide: true },
      ]}
      rowLabel={(c) => `conta ${c.codigo}`}
      dialog={(props) => <ContaDialog {...props} />}
    />
  );
}

interface ContaInputs {
  codigo: string;
  nome: string;
  papel: PapelConta | '';
}
const resolver = recordResolver<ContaInputs>({
  check: () => undefined,
  candidate: (v) => ({ codigo: v.codigo, nome: v.nome, papel: v.papel || undefined }),
  schema: contaCreateBody,
  formPath: (path) => String(path[0]),
});

function ContaDialog({ open, record: conta, onClose }: CrudDialogProps<ContaContabil>) {
  const { control, handleSubmit, setError } = useDialogForm(open, conta, {
    resolver,
    values: (c): ContaInputs => ({ codigo: c?.codigo ?? '', nome: c?.nome ?? '', papel: c?.papel ?? '' }),
  });
  const save = useApiMutation({
    mutationFn: (v: ContaInputs) => {
      const body = { codigo: v.codigo.trim(), nome: v.nome.trim(), papel: v.papel as PapelConta };
      return conta ? updateConta(conta.id, { ...body, version: conta.version }) : createConta(body);
    },
    invalidate,
    success: conta ? 'Conta atualizada com sucesso.' : 'Conta criada com sucesso.',
    form: { setError },
    onSuccess: onClose,
  });
  const common = { control, fullWidth: true, margin: 'dense' as const };
  return (
    <RecordDialog
      open={open}
      id="conta-dialog"
      title={conta ? 'Editar Conta' : 'Nova Conta'}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={handleSubmit((v) => save.mutate(v))}
      maxWidth="sm"
    >
      <FormText
        {...common}
        name="codigo"
        id="conta-codigo"
        label="Código"
        required
        autoFocus
        help="Ex.: 1.2.3.1.1.02"
      />
      <FormText {...common} name="nome" id="conta-nome" label="Nome" required />
      <FormSelect {...common} name="papel" id="conta-papel" label="Papel" required options={PAPEL_OPTIONS} />
    </RecordDialog>
  );
}
