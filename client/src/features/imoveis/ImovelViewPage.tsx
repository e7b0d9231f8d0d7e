import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { IMOVEL_MSG, formatDate, formatDateTime, formatMoney } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { ApiError } from '../../lib/http';
import { useLiveEvent } from '../../lib/liveBus';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { ImovelManutencoesSection } from '../manutencoes';
import { DocumentsPanel, HistoryTable, PhotosPanel } from '../patrimonios';
import { deleteImovel } from './api';
import { customText, formatArea } from './format';
import { GONE_DELETED, mapUrl } from './labels';
import { refreshLists } from './live';
import { useImovel, useImovelFields } from './queries';
import { SituacaoChip } from './SituacaoChip';

const dash = (v: string | null | undefined) => v || '—';

/** /imoveis/ver/:id: the whole record, photos, documents, map link, maintenance and the history. */
export default function ImovelViewPage({ title }: PageProps) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const { data: p, isPending, isError, error, refetch } = useImovel(id);
  const fields = useImovelFields().data ?? [];
  const [gone, setGone] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  // A change refetches the record (live.ts); here only its disappearance is shown.
  useLiveEvent('imovel.deleted', (e) => {
    if (e.data.id === id) setGone(true);
  });
  useEffect(() => setGone(false), [id]);

  if (!Number.isInteger(id) || id <= 0) return <LoadError message={IMOVEL_MSG.notFound} />;
  if (isPending)
    return (
      <>
        <PageHeader title={title} />
        <ContentSpinner />
      </>
    );
  if (isError || !p) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <>
        <PageHeader title={title} />
        <LoadError
          message={notFound ? IMOVEL_MSG.notFound : IMOVEL_MSG.loadFailed}
          onRetry={notFound ? undefined : () => void refetch()}
        />
      </>
    );
  }

  const canWrite = hasPermission(user, 'imoveis:write');
  const canDelete = hasPermission(user, 'imoveis:delete');
  const map = mapUrl(p.latitude, p.longitude);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteImovel(p.id);
      toast.success(IMOVEL_MSG.deleted);
      // Leave first: dropping the record while this page watches it would refetch it (404) under the navigation.
      navigate('/imoveis', { replace: true });
      refreshLists(qc);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  const cep = p.cep ? `CEP ${p.cep}` : null;
  const place = [p.bairro, [p.cidade, p.uf].filter(Boolean).join('/'), cep].filter(Boolean).join(' · ');
  const label = (key: string, fallback: string) => fields.find((f) => f.key === key)?.label ?? fallback;
  const rows: Array<[string, ReactNode]> = [
    [
      'Nº Patrimônio',
      <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {p.numero_patrimonio}
      </Box>,
    ],
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
    ...fields
      .filter((f) => f.isCustom)
      .map<[string, ReactNode]>((f) => [f.label, customText(f, p.customFields?.[f.key]) || '—']),
    ['Observações', dash(p.observacoes)],
    ['Cadastrado por', `${p.createdBy ?? '—'} em ${formatDateTime(p.createdAt)}`],
    ['Última alteração', formatDateTime(p.updatedAt)],
  ];

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

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
            Dados do imóvel
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              p: 2,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
              columnGap: 2,
              rowGap: { xs: 0.25, sm: 1 },
            }}
          >
            {rows.map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                  {k}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                >
                  {v}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>

        <Box sx={{ display: 'grid', gap: 2 }}>
          <PhotosPanel fotos={p.fotos} />
          <DocumentsPanel documentos={p.documentos} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ImovelManutencoesSection imovelId={p.id} />
          </Paper>
        </Box>
      </Box>

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
        busy={busy}
        onClose={() => setConfirm(false)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
