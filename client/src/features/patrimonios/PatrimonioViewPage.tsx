import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { PATRIMONIO_MSG, type FormField } from '@tombo/shared';
import { ApiError, http, saveBlob } from '../../lib/http';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../app/routes/mainPages';
import { useFormFields } from '../catalogs/useCatalogs';
import { AuthImage, apiPath } from './AuthImage';
import { formatBytes } from './FileQueue';
import { patrimonioKeys } from './keys';
import { estadoLabel } from './labels';
import { patchAsset, usePatrimonioLive } from './liveSocket';
import { deletePatrimonio } from './patrimoniosApi';
import { QrCode } from './QrCode';
import { StatusChip } from './StatusChip';
import { usePatrimonio } from './usePatrimonios';

function customText(f: FormField, v: unknown): string {
  if (v == null || v === '') return '—';
  if (f.type === 'BOOLEAN') return v === true ? 'Sim' : 'Não';
  if (f.type === 'DATE' && typeof v === 'string') return formatDate(v);
  if (f.type === 'NUMBER' && typeof v === 'number') return formatNumber(v);
  return String(v);
}

/** The public consultation address of an asset (what its label's QR opens). */
export function publicUrl(numero: string, municipalityId: number): string {
  return `${window.location.origin}/consulta-publica/bem/${encodeURIComponent(numero)}?municipalityId=${municipalityId}`;
}

/** /bens-cadastrados/ver/:id: the whole record, photos, documents, QR and the movement history. */
export default function PatrimonioViewPage({ title }: PageProps) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const { data: p, isPending, isError, error, refetch } = usePatrimonio(id);
  const fields = useFormFields().data ?? [];
  const [deleted, setDeleted] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [zoom, setZoom] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width:767.98px)');
  usePatrimonioLive({
    'patrimonio.deleted': (e) => {
      if (e.data.id === id) setDeleted(true);
    },
  });
  useEffect(() => setDeleted(false), [id]);

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

  const download = async (url: string, name: string) => {
    try {
      const { blob, fileName } = await http.download(apiPath(url));
      saveBlob(blob, fileName ?? name);
    } catch (err) {
      toast.fromError(err);
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
    ['Valor de aquisição', formatCurrency(p.valor_aquisicao)],
    ['Quantidade', formatNumber(p.quantidade)],
    ['Data de aquisição', p.data_aquisicao ? formatDate(p.data_aquisicao) : '—'],
    ['Forma de aquisição', p.forma_aquisicao ?? '—'],
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
            {canUpdate && !deleted && (
              <Button
                variant="contained"
                startIcon={<EditOutlined />}
                component={RouterLink}
                to={`/bens-cadastrados/editar/${p.id}`}
              >
                Editar
              </Button>
            )}
            {canDelete && !deleted && !writtenOff && (
              <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setConfirm(true)}>
                Excluir
              </Button>
            )}
          </>
        }
      />
      {deleted && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          Este bem foi excluído por outra pessoa.
        </Alert>
      )}
      {writtenOff && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Este bem está baixado: permanece no registro, mas não faz mais parte do patrimônio ativo.
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
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Fotos ({p.fotos.length})
            </Typography>
            {p.fotos.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nenhuma foto.
              </Typography>
            ) : (
              <Box
                component="ul"
                aria-label="Fotos"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
              >
                {p.fotos.map((f) => (
                  <li key={f.id}>
                    <AuthImage url={f.url} alt={f.fileName} size={phone ? 96 : 112} onClick={() => setZoom(f.url)} />
                  </li>
                ))}
              </Box>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              Documentos ({p.documentos.length})
            </Typography>
            {p.documentos.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Nenhum documento.
              </Typography>
            ) : (
              <List dense aria-label="Documentos">
                {p.documentos.map((d) => (
                  <ListItemButton
                    key={d.id}
                    onClick={() => void download(d.url, d.fileName)}
                    aria-label={`Baixar ${d.fileName}`}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Description fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={d.fileName}
                      secondary={`${formatBytes(d.size)} · ${formatDateTime(d.createdAt)}`}
                      slotProps={{ primary: { noWrap: true } }}
                    />
                    <Download fontSize="small" color="action" />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Paper>
        </Box>
      </Box>

      <Paper variant="outlined" sx={{ mt: 2 }}>
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          Histórico de movimentação
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Histórico de movimentação">
            <TableHead>
              <TableRow>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>Data</TableCell>
                <TableCell>Ação</TableCell>
                <TableCell>Detalhes</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Usuário</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {p.historico_movimentacao.map((h) => (
                <TableRow key={h.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDateTime(h.date)}</TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>{h.action}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    {h.details}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {h.user ?? '—'}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, verticalAlign: 'top' }}>
                    {h.user ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

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
      <Dialog open={!!zoom} onClose={() => setZoom(null)} maxWidth="lg" aria-label="Foto ampliada">
        <DialogContent sx={{ p: 1 }}>
          {zoom && <AuthImage url={zoom} alt="Foto ampliada" size={phone ? '80vw' : 640} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
