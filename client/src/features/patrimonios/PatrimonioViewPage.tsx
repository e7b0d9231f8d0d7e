import { useEffect, useState } from 'react';
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
  PATRIMONIO_STANDARD_LABELS as L,
  cnpjText,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  isPatrimonioRemoved,
  publicAssetPath,
  type FormField,
  type Patrimonio,
} from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { useLiveEvent } from '../../lib/liveBus';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { useApiMutation } from '../../lib/useApiMutation';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import {
  RecordFacts,
  RecordNumber,
  RecordViewLayout,
  customFieldText,
  type Fact,
} from '../../components/register/form';
import { useFormFields } from '../catalogs';
import { PrintFichaButton } from '../fichas';
import { TransferRequestDialog } from '../transferencias';
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

/** The public consultation address of an asset (what its label's QR opens). */
export function publicUrl(numero: string, municipalityId: number): string {
  return `${window.location.origin}${publicAssetPath(numero, municipalityId)}`;
}

/** The asset's data in the order of the municipality's field definitions, then the fixed ones. */
function assetFacts(p: Patrimonio, fields: FormField[]): Fact[] {
  return [
    ['Número de patrimônio', <RecordNumber>{p.numero_patrimonio}</RecordNumber>],
    ['Status', <StatusChip status={p.status} />],
    ...fields
      .filter((f) => f.key === 'descricao_bem' || f.key === 'tipo' || f.isCustom)
      .map<Fact>((f) =>
        f.key === 'descricao_bem'
          ? [f.label, p.descricao_bem]
          : f.key === 'tipo'
            ? [f.label, p.tipo ?? '—']
            : [f.label, customFieldText(f, p.customFields?.[f.key]) || '—'],
      ),
    ...(fields.length
      ? []
      : ([
          ['Descrição do Bem', p.descricao_bem],
          ['Tipo', p.tipo ?? '—'],
        ] as Fact[])),
    ['Setor', p.setor_responsavel],
    ['Local', p.local_objeto ?? '—'],
    ['Valor de aquisição', formatMoney(p.valor_aquisicao)],
    ['Quantidade', formatNumber(p.quantidade)],
    ['Data de aquisição', p.data_aquisicao ? formatDate(p.data_aquisicao) : '—'],
    ['Forma de aquisição', p.forma_aquisicao ?? '—'],
    ...standardFacts(p),
    ['Data de entrada em serviço', p.dataEntradaServico ? formatDate(p.dataEntradaServico) : '—'],
    ['Vida útil (meses)', p.vidaUtilMeses != null ? `${formatNumber(p.vidaUtilMeses)} meses` : 'A do tipo'],
    ['Valor residual (%)', p.residualPct != null ? formatPercent(p.residualPct) : 'O do tipo'],
    ['Estado de conservação', estadoLabel(p.estado_conservacao)],
    ['Observações', p.observacoes || '—'],
    ['Cadastrado por', `${p.createdBy ?? '—'} em ${formatDateTime(p.createdAt)}`],
    ['Última alteração', formatDateTime(p.updatedAt)],
  ];
}

/** The standard fields of real registers that the asset has (issue 35); empty ones are left out. */
function standardFacts(p: Patrimonio): Fact[] {
  const all: Array<[string, string | null]> = [
    [L.marca, p.marca],
    [L.modelo, p.modelo],
    [L.numeroSerie, p.numeroSerie],
    [L.fornecedorNome, p.fornecedorNome],
    [L.fornecedorCnpj, p.fornecedorCnpj ? cnpjText(p.fornecedorCnpj) : null],
    [L.notaFiscalNumero, p.notaFiscalNumero],
    [L.notaFiscalData, p.notaFiscalData ? formatDate(p.notaFiscalData) : null],
    [L.empenho, p.empenho],
    [L.processoAquisicao, p.processoAquisicao],
    [L.fonteRecurso, p.fonteRecurso],
    [L.dataBaixa, p.dataBaixa ? formatDate(p.dataBaixa) : null],
  ];
  return all.filter((f): f is [string, string] => !!f[1]);
}

/** A subtitle of at most `max` characters (the whole text in its title). */
function shortened(text: string, max = 160) {
  return text.length <= max ? text : <span title={text}>{`${text.slice(0, max - 1).trimEnd()}…`}</span>;
}

/** /bens-cadastrados/ver/:id: the whole record, photos, documents, QR and the movement history. */
export default function PatrimonioViewPage({ title }: PageProps) {
  const id = Number(useParams().id);
  const asset = usePatrimonio(id);
  if (!Number.isInteger(id) || id <= 0) return <LoadError message={PATRIMONIO_MSG.notFound} />;
  return (
    <QueryState
      query={asset}
      errorText={PATRIMONIO_MSG.loadFailed}
      notFoundText={PATRIMONIO_MSG.notFound}
      around={(state) => (
        <>
          <PageHeader title={title} />
          {state}
        </>
      )}
    >
      {(p) => <AssetView title={title} p={p} />}
    </QueryState>
  );
}

function AssetView({ title, p }: { title: string; p: Patrimonio }) {
  const id = p.id;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const can = useCan();
  const fields = useFormFields().data ?? [];
  // Deleted by someone else, or moved where this user no longer sees it.
  const [gone, setGone] = useState<'deleted' | 'removed' | null>(null);
  const [confirm, setConfirm] = useState(false);
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
  const remove = useApiMutation({
    mutationFn: () => deletePatrimonio(p.id),
    invalidate: [patrimonioKeys.lists],
    success: (r) => (r.deleted ? PATRIMONIO_MSG.deleted : ''),
    onSuccess: (r) => {
      if (r.deleted) {
        qc.removeQueries({ queryKey: patrimonioKeys.detail(p.id) });
        navigate('/bens-cadastrados');
      } else {
        patchAsset(qc, r.patrimonio);
        toast.info(PATRIMONIO_MSG.writtenOff);
      }
    },
    onSettled: () => setConfirm(false),
  });

  const canUpdate = can('bens:update');
  const canDelete = can('bens:delete');
  const hasMovements = p.historico_movimentacao.length > 1 || p.transferencia_pendente || p.doado;
  const writtenOff = p.status === 'baixado';
  // Spec §4: an asset with a pending request, written off or donated cannot get another.
  const canTransfer = can('transfers:request') && !gone && !writtenOff && !p.doado && !p.transferencia_pendente;

  const rows = assetFacts(p, fields);

  return (
    <>
      <PageHeader
        title={`${title}: ${p.numero_patrimonio}`}
        subtitle={shortened(p.descricao_bem)}
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
            {!gone && can('exports:generate') && <PrintFichaButton patrimonioIds={[p.id]} />}
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

      <RecordViewLayout
        facts={
          <Box sx={{ display: 'grid', gap: 2 }}>
            <RecordFacts title="Dados do bem" facts={rows} />
            {p.dadosOrigem.length > 0 && (
              <RecordFacts title={L.dadosOrigem} facts={p.dadosOrigem.map<Fact>((d) => [d.rotulo, d.valor || '—'])} />
            )}
          </Box>
        }
        side={
          <>
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
          </>
        }
      />

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
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
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
