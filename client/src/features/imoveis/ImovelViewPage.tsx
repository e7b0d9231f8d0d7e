import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { IMOVEL_MSG, formatDate, formatDateTime, formatMoney, type Imovel, type ImovelField } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { useLiveEvent } from '../../lib/liveBus';
import { useCan } from '../../lib/permissions';
import { useApiMutation } from '../../lib/useApiMutation';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { RecordFacts, RecordNumber, RecordViewLayout, type Fact } from '../../components/register/form';
import { ImovelManutencoesSection } from '../manutencoes';
import { DocumentsPanel, HistoryTable, PhotosPanel } from '../patrimonios';
import { deleteImovel } from './api';
import { formatArea } from './format';
import { customFieldText } from '../../components/register/form';
import { GONE_DELETED, mapUrl } from './labels';
import { refreshLists } from './live';
import { useImovel, useImovelFields } from './queries';
import { SituacaoChip } from './SituacaoChip';

const dash = (v: string | null | undefined) => v || '—';

/** The property's data, its custom fields after the fixed ones. */
function imovelFacts(p: Imovel, fields: ImovelField[]): Fact[] {
  const map = mapUrl(p.latitude, p.longitude);
  const cep = p.cep ? `CEP ${p.cep}` : null;
  const place = [p.bairro, [p.cidade, p.uf].filter(Boolean).join('/'), cep].filter(Boolean).join(' · ');
  const label = (key: string, fallback: string) => fields.find((f) => f.key === key)?.label ?? fallback;
  return [
    ['Nº Patrimônio', <RecordNumber>{p.numero_patrimonio}</RecordNumber>],
    [label('denominacao', 'Denominação'), p.denominacao],
    ['Situação', <SituacaoChip situacao={p.situacao} />],
    ['Utilização', dash(p.utilizacao)],
    ['Setor responsável', dash(p.setor_responsavel)],
    [label('endereco', 'Endereço'), p.endereco],
    ['Bairro / Cidade', dash(place)],
    [
      'Localização',
      map ? (
        <Link href={map} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', gap: 0.5 }}>
          {p.latitude}, {p.longitude} — Ver no mapa <OpenInNew fontSize="small" />
        </Link>
      ) : (
        '—'
      ),
    ],
    ['Área construída', formatArea(p.area_construida)],
    ['Área do terreno', formatArea(p.area_terreno)],
    ['Forma de aquisição', dash(p.forma_aquisicao)],
    ['Data de aquisição', p.data_aquisicao ? formatDate(p.data_aquisicao) : '—'],
    ['Valor de aquisição', p.valor_aquisicao ? formatMoney(p.valor_aquisicao) : '—'],
    ...fields.filter((f) => f.isCustom).map<Fact>((f) => [f.label, customFieldText(f, p.customFields?.[f.key]) || '—']),
    ['Observações', dash(p.observacoes)],
    ['Cadastrado por', `${p.createdBy ?? '—'} em ${formatDateTime(p.createdAt)}`],
    ['Última alteração', formatDateTime(p.updatedAt)],
  ];
}

/** /imoveis/ver/:id: the whole record, photos, documents, map link, maintenance and the history. */
export default function ImovelViewPage({ title }: PageProps) {
  const id = Number(useParams().id);
  const imovel = useImovel(id);
  if (!Number.isInteger(id) || id <= 0) return <LoadError message={IMOVEL_MSG.notFound} />;
  return (
    <QueryState
      query={imovel}
      errorText={IMOVEL_MSG.loadFailed}
      notFoundText={IMOVEL_MSG.notFound}
      around={(state) => (
        <>
          <PageHeader title={title} />
          {state}
        </>
      )}
    >
      {(p) => <ImovelView title={title} p={p} />}
    </QueryState>
  );
}

function ImovelView({ title, p }: { title: string; p: Imovel }) {
  const id = p.id;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const can = useCan();
  const fields = useImovelFields().data ?? [];
  const [gone, setGone] = useState(false);
  const [confirm, setConfirm] = useState(false);
  // A change refetches the record (live.ts); here only its disappearance is shown.
  useLiveEvent('imovel.deleted', (e) => {
    if (e.data.id === id) setGone(true);
  });
  useEffect(() => setGone(false), [id]);
  const remove = useApiMutation({
    mutationFn: () => deleteImovel(p.id),
    success: IMOVEL_MSG.deleted,
    onSuccess: () => {
      // Leave first: dropping the record while this page watches it would refetch it (404) under the navigation.
      navigate('/imoveis', { replace: true });
      refreshLists(qc);
    },
    onSettled: () => setConfirm(false),
  });

  const canWrite = can('imoveis:write');
  const canDelete = can('imoveis:delete');

  const rows = imovelFacts(p, fields);

  return (
    <>
      <PageHeader
        title={`${title}: ${p.numero_patrimonio}`}
        subtitle={p.denominacao}
        actions={
          <>
            <Button startIcon={<ArrowBack />} component={RouterLink} to="/imoveis">
              Voltar
            </Button>
            {canWrite && !gone && (
              <Button
                variant="contained"
                startIcon={<EditOutlined />}
                component={RouterLink}
                to={`/imoveis/editar/${p.id}`}
              >
                Editar
              </Button>
            )}
            {canDelete && !gone && (
              <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setConfirm(true)}>
                Excluir
              </Button>
            )}
          </>
        }
      />
      {gone && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {GONE_DELETED}
        </Alert>
      )}

      <RecordViewLayout
        facts={<RecordFacts title="Dados do imóvel" facts={rows} />}
        side={
          <>
            <PhotosPanel fotos={p.fotos} />
            <DocumentsPanel documentos={p.documentos} />
            <Paper variant="outlined" sx={{ p: 2 }}>
              <ImovelManutencoesSection imovelId={p.id} />
            </Paper>
          </>
        }
      />

      <HistoryTable entries={p.historico} title="Histórico" />

      <ConfirmDialog
        open={confirm}
        title="Excluir imóvel"
        message={
          <>
            <strong>{p.numero_patrimonio}</strong> — {p.denominacao}. {IMOVEL_MSG.confirmDelete}
          </>
        }
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
