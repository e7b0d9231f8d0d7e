import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import {
  PATRIMONIO_MSG,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  isPatrimonioRemoved,
  publicAssetPath,
  type FormField,
} from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { ApiError } from '../../lib/http';
import { useLiveEvent } from '../../lib/liveBus';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useFormFields } from '../catalogs';
import { PrintFichaButton } from '../fichas';
import { TransferRequestDialog } from '../transfers';
import { DocumentsPanel, PhotosPanel } from './FilesPanels';
import { patrimonioKeys } from './keys';
import { HistoryTable } from './HistoryTable';
import { GONE_DELETED, GONE_REMOVED, estadoLabel } from './labels';
import { deletePatrimonio } from './api';
import { QrCode } from './QrCode';
import { StatusChip } from './StatusChip';
import { patchAsset } from './live';
import { usePatrimonio } from './queries';
import { stillVisible } from './stillVisible';

function customText(f: FormField, v: unknown): string {
  if (v == null || v === '') return '—';
  if (f.type === 'BOOLEAN') return v === true ? 'Sim' : 'Não';
  if (f.type === 'DATE' && typeof v === 'string') return formatDate(v);
  if (f.type === 'NUMBER' && typeof v === 'number') return formatNumber(v);
  return String(v);
}

/** The public consultation address of an asset (what its label's QR opens). */
export function publicUrl(numero: string, municipalityId: number): string {
  return `${window.location.origin}${publicAssetPath(numero, municipalityId)}`;
}

/** /bens-cadastrados/ver/:id: the whole record, photos, documents, QR and the movement history. */
export default function PatrimonioViewPage({ title }: PageProps) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const { data: p, isPending, isError, error, refetch } = usePatrimonio(id);
  const fields = useFormFields().data ?? [];
  // Deleted by someone else, or moved where this user no longer sees it.
  const [gone, setGone] = useState<'deleted' | 'removed' | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [transfer, setTransfer] = useState(false);
  // A change to this asset refetches the record (live.ts); here only its disappearance is shown.
  useLiveEvent('patrimonio.deleted', (e) => {
    if (e.data.id === id) setGone('deleted');
  });
  useLiveEvent('patrimonio.updated', (e) => {
    if (e.data.id === id && isPatrimonioRemoved(e.data))
      void stillVisible(qc, id).then((visible) => !visible && setGone('removed'));
  });
  useEffect(() => setGone(null), [id]);

  if (!Number.isInteger(id) || id <= 0) return <LoadError message={PATRIMONIO_MSG.notFound} />;
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
          message={notFound ? PATRIMONIO_MSG.notFound : PATRIMONIO_MSG.loadFailed}
          onRetry={notFound ? undefined : () => void refetch()}
        />
      </>
    );
  }

  const canUpdate = hasPermission(user, 'bens:update');
  const canDelete = hasPermission(user, 'bens:delete');
  const hasMovements = p.historico_movimentacao.length > 1 || p.transferencia_pendente || p.doado;
  const writtenOff = p.status === 'baixado';
  // Spec §4: an asset with a pending request, written off or donated cannot get another.
  const canTransfer =
    hasPermission(user, 'transfers:request') && !gone && !writtenOff && !p.doado && !p.transferencia_pendente;

  const remove = async () => {
    setBusy(true);
    try {
      const r = await deletePatrimonio(p.id);
      void qc.invalidateQueries({ queryKey: patrimonioKeys.lists });
      if (r.deleted) {
        qc.removeQueries({ queryKey: patrimonioKeys.detail(p.id) });
        toast.success(PATRIMONIO_MSG.deleted);
        navigate('/bens-cadastrados');
      } else {
        patchAsset(qc, r.patrimonio);
        toast.info(PATRIMONIO_MSG.writtenOff);
      }
    } catch (err) {
      toast.fromError(err);
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  const rows: Array<[string, ReactNode]> = [
    [
      'Número de patrimônio',
      <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {p.numero_patrimonio}
      </Box>,
    ],
    ['Status', <StatusChip status={p.status} />],
    ...fields
      .filter((f) => f.key === 'descricao_bem' || f.key === 'tipo' || f.isCustom)
      .map<[string, ReactNode]>((f) =>
        f.key === 'descricao_bem'
          ? [f.label, p.descricao_bem]
          : f.key === 'tipo'
            ? [f.label, p.tipo ?? '—']
            : [f.label, customText(f, p.customFields?.[f.key])],
      ),
    ...(fields.length
      ? []
      : ([
          ['Descrição do Bem', p.descricao_bem],
          ['Tipo', p.tipo ?? '—'],
        ] as Array<[string, ReactNode]>)),
    ['Setor', p.setor_responsavel],
    ['Local', p.local_objeto ?? '—'],
    ['Valor de aquisição', formatMoney(p.valor_aquisicao)],
    ['Quantidade', formatNumber(p.quantidade)],
    ['Data de aquisição', p.data_aquisicao ? formatDate(p.data_aquisicao) : '—'],
    ['Forma de aquisição', p.forma_aquisicao ?? '—'],
    ['Data de entrada em serviço', p.dataEntradaServico ? formatDate(p.dataEntradaServico) : '—'],
    ['Vida útil (meses)', p.vidaUtilMeses != null ? `${formatNumber(p.vidaUtilMeses)} meses` : 'A do tipo'],
    ['Valor residual (%)', p.residualPct != null ? formatPercent(p.residualPct) : 'O do tipo'],
    ['Estado de conservação', estadoLabel(p.estado_conservacao)],
    ['Observações', p.observacoes || '—'],
    ['Cadastrado por', `${p.createdBy ?? '—'} em ${formatDateTime(p.createdAt)}`],
    ['Última alteração', formatDateTime(p.updatedAt)],
  ];

  return (
    <>
      <PageHeader
        title={`${title}: ${p.numero_patrimonio}`}
        subtitle={p.descricao_bem}
        actions={
          <>
            <Button startIcon={<ArrowBack />} component={RouterLink} to="/bens-cadastrados">
              Voltar
            </Button>
            {canUpdate && !gone && (
              <Button
                variant="contained"
                startIcon={<EditOutlined />}
                component={RouterLink}
                to={`/bens-cadastrados/editar/${p.id}`}
              >
                Editar
              </Button>
            )}
            {!gone && hasPermission(user, 'exports:generate') && <PrintFichaButton patrimonioIds={[p.id]} />}
            {canTransfer && (
              <Button variant="outlined" startIcon={<SwapHoriz />} onClick={() => setTransfer(true)}>
                Transferir / Doar
              </Button>
            )}
            {canDelete && !gone && !writtenOff && (
              <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setConfirm(true)}>
                Excluir
              </Button>
            )}
          </>
        }
      />
      {gone && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {gone === 'deleted' ? GONE_DELETED : GONE_REMOVED}
        </Alert>
      )}
      {writtenOff && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {p.doado
            ? 'Este bem foi doado e está baixado: permanece no registro, mas não faz mais parte do patrimônio ativo.'
            : 'Este bem está baixado: permanece no registro, mas não faz mais parte do patrimônio ativo.'}
        </Alert>
      )}
      {p.transferencia_pendente && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/bens/transferencias">
              Ver solicitações
            </Button>
          }
        >
          Este bem tem uma solicitação de transferência ou doação aguardando decisão.
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
            Dados do bem
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
          <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1, textAlign: 'left' }}>
              Consulta pública
            </Typography>
            <QrCode
              value={publicUrl(p.numero_patrimonio, p.municipalityId)}
              label={`QR Code do bem ${p.numero_patrimonio}`}
            />
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', wordBreak: 'break-all', mt: 1 }}
            >
              {publicUrl(p.numero_patrimonio, p.municipalityId)}
            </Typography>
          </Paper>
          <PhotosPanel fotos={p.fotos} />
          <DocumentsPanel documentos={p.documentos} />
        </Box>
      </Box>

      <HistoryTable entries={p.historico_movimentacao} />

      <ConfirmDialog
        open={confirm}
        title="Excluir bem"
        message={
          hasMovements ? (
            <>
              O bem <strong>{p.numero_patrimonio}</strong> possui movimentações e por isso{' '}
              <strong>não será excluído: ele será baixado</strong> (status &quot;Baixado&quot;) e continuará no
              registro. Confirmar a baixa?
            </>
          ) : (
            <>
              Tem certeza que deseja excluir o bem <strong>{p.numero_patrimonio}</strong>? Ele não tem movimentações e
              será removido com suas fotos e documentos. O número não será reutilizado.
            </>
          )
        }
        confirmLabel={hasMovements ? 'Baixar bem' : 'Excluir'}
        destructive
        busy={busy}
        onClose={() => setConfirm(false)}
        onConfirm={() => void remove()}
      />
      <TransferRequestDialog
        open={transfer}
        asset={p}
        onClose={() => setTransfer(false)}
        onRequested={() => void qc.invalidateQueries({ queryKey: patrimonioKeys.detail(p.id) })}
      />
    </>
  );
}
