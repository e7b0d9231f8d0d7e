import Chip from '@mui/material/Chip';
import { COMISSAO_TIPO_LABELS, MSG, formatDate, type Comissao } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { CrudPage, type CrudColumn } from '../../components/register/crud';
import type { PageProps } from '../../lib/feature';
import { ComissaoFormDialog } from './ComissaoFormDialog';
import { useComissaoMutations, useComissoes, useMembrosPossiveis } from './queries';

const presidente = (c: Comissao) => c.membros.find((m) => m.presidente)?.nome ?? '—';
const outros = (c: Comissao) =>
  c.membros
    .filter((m) => !m.presidente)
    .map((m) => (m.id ? m.nome : `${m.nome} (não é mais usuário)`))
    .join(', ');

/** /comissoes: the standing commissions by act and term; named and renewed with 'comissoes:manage'. */
export default function ComissoesPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('comissoes:manage');
  const query = useComissoes();
  const candidatos = useMembrosPossiveis(canManage).data ?? [];
  const { create, update } = useComissaoMutations();
  const columns: CrudColumn<Comissao>[] = [
    { key: 'tipo', label: 'Tipo', render: (c) => COMISSAO_TIPO_LABELS[c.tipo] },
    { key: 'ato', label: 'Ato', render: (c) => `${c.ato}, de ${formatDate(c.dataAto)}` },
    { key: 'presidente', label: 'Presidente', wide: true, render: presidente },
    { key: 'membros', label: 'Demais membros', wide: true, render: outros },
    {
      key: 'validade',
      label: 'Validade',
      render: (c) => (
        <Chip
          size="small"
          variant="outlined"
          color={c.vigente ? 'success' : 'default'}
          label={`${c.vigente ? 'Vigente' : 'Não pode atuar'} · até ${formatDate(c.validaAte)}`}
        />
      ),
    },
  ];

  return (
    <CrudPage
      header={{
        title,
        subtitle:
          'Comissões permanentes de inventário, avaliação e desfazimento, nomeadas por ato com pelo menos três servidores. ' +
          'Uma comissão vencida ou incompleta não pode atuar.',
      }}
      newLabel="Nova Comissão"
      canManage={canManage}
      query={query}
      rows={(list) => list}
      errorText={MSG.comissoes.loadFailed}
      empty={{
        title: 'Nenhuma comissão nomeada.',
        description: 'Use "Nova Comissão" para registrar o ato da primeira.',
      }}
      label="Comissões"
      columns={columns}
      rowLabel={(c) => `comissão de ${COMISSAO_TIPO_LABELS[c.tipo].toLowerCase()} ${c.ato}`}
      rowTestId={(c) => `comissao-${c.id}`}
      dialog={({ open, record, onClose }) => (
        <ComissaoFormDialog
          open={open}
          comissao={record}
          candidatos={candidatos}
          busy={create.isPending || update.isPending}
          onClose={onClose}
          onSubmit={(body) =>
            record
              ? update.mutate({ comissao: record, body }, { onSuccess: onClose })
              : create.mutate(body, { onSuccess: onClose })
          }
        />
      )}
    />
  );
}
