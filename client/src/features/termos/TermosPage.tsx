import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import { formatDateTime, formatMoney, type TermoStatus, type TermoVersao } from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { JobProgressPanel } from '../downloads';
import { useLocais } from '../locais';
import { sortByName, useSectors } from '../sectors';
import { downloadTermo, fetchTermos, requestTermo } from './api';
import { termoKeys } from './keys';

const STATUS: Record<TermoStatus, { label: string; color: 'default' | 'success' | 'error' }> = {
  pending: { label: 'Gerando', color: 'default' },
  ready: { label: 'Disponível', color: 'success' },
  failed: { label: 'Falhou', color: 'error' },
};

function DownloadButton({ t }: { t: TermoVersao }) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await downloadTermo(t);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t.status === 'ready' ? 'Baixar PDF' : (t.error ?? 'Ainda sendo gerado')}>
      <span>
        <IconButton
          aria-label={`Baixar termo ${t.numero} versão ${t.versao}`}
          disabled={busy || t.status !== 'ready'}
          onClick={() => void go()}
        >
          <FileDownloadOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * /termos: the custody terms of the sectors the user sees — every version (issued on request, or on
 * its own after an approved transfer or a loan return), a new issue, and the PDF of any version.
 */
export default function TermosPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const { data: sectorList } = useSectors();
  const restricted = user?.role === 'usuario';
  const sectors = sortByName(sectorList?.sectors ?? []).filter((s) => !restricted || user?.sectorIds?.includes(s.id));
  const [setorId, setSetorId] = useState<number | ''>('');
  const [localId, setLocalId] = useState<number | ''>('');
  const [responsavel, setResponsavel] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const { data: locaisList } = useLocais(setorId === '' ? undefined : setorId);
  const locais = setorId === '' ? [] : (locaisList?.locais ?? []);
  const filter = setorId === '' ? undefined : setorId;
  const {
    data: termos,
    error,
    isPending,
    refetch,
  } = useQuery({
    queryKey: termoKeys.list(filter),
    queryFn: () => fetchTermos(filter),
  });

  const issue = async () => {
    if (setorId === '') return;
    setAsking(true);
    try {
      const r = await requestTermo({
        setorId,
        ...(localId !== '' ? { localId } : {}),
        ...(responsavel.trim() ? { responsavel: responsavel.trim() } : {}),
      });
      setJobId(r.job.id);
      void refetch();
      toast.success(`Termo ${r.termo.numero} (versão ${r.termo.versao}) em geração.`);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Termos de responsabilidade dos setores (Lei nº 4.320/64, art. 94). Uma nova versão é emitida automaticamente após cada transferência aprovada e cada devolução de empréstimo."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, mb: 1.5 }}>
          Emitir termo
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            select
            label="Setor"
            value={setorId}
            onChange={(e) => {
              setSetorId(e.target.value === '' ? '' : Number(e.target.value));
              setLocalId('');
            }}
            sx={{ minWidth: 220, flex: '1 1 220px' }}
            slotProps={{ select: { inputProps: { 'data-testid': 'termo-setor' } } }}
          >
            <MenuItem value="">Todos os setores</MenuItem>
            {sectors.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Local (opcional)"
            value={localId}
            disabled={setorId === ''}
            onChange={(e) => setLocalId(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ minWidth: 200, flex: '1 1 200px' }}
          >
            <MenuItem value="">Todo o setor</MenuItem>
            {locais.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Responsável (detentor)"
            value={responsavel}
            onChange={(e) => setResponsavel(e.target.value)}
            sx={{ minWidth: 220, flex: '2 1 220px' }}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            helperText="Nome de quem assina o termo"
          />
          <Button
            variant="contained"
            startIcon={<NoteAddOutlined />}
            disabled={setorId === '' || asking}
            onClick={() => void issue()}
            sx={{ mt: 1 }}
          >
            Emitir termo
          </Button>
        </Box>
      </Paper>
      {jobId && <JobProgressPanel jobId={jobId} title="Termo de Responsabilidade" onClose={() => setJobId(null)} />}
      {error ? (
        <LoadError message="Não foi possível carregar os termos." onRetry={() => void refetch()} />
      ) : isPending ? (
        <ContentSpinner />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Versões dos termos de responsabilidade">
            <TableHead>
              <TableRow>
                <TableCell>Termo</TableCell>
                <TableCell>Setor / local</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Motivo</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} align="right">
                  Total
                </TableCell>
                <TableCell>Situação</TableCell>
                <TableCell align="right">PDF</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(termos ?? []).map((t) => (
                <TableRow key={t.id} data-testid="termo-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{t.numero}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Versão {t.versao} · {formatDateTime(t.createdAt)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {t.setorNome}
                    {t.localNome ? ` — ${t.localNome}` : ''}
                    {t.responsavel && (
                      <Typography variant="body2" color="text.secondary">
                        {t.responsavel}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t.motivo}
                    <Typography variant="body2" color="text.secondary">
                      {t.automatico ? 'Automático' : 'Manual'}
                      {t.createdBy ? ` · ${t.createdBy}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }} align="right">
                    {formatMoney(t.total)}
                    <Typography variant="body2" color="text.secondary">
                      {t.itens} {t.itens === 1 ? 'bem' : 'bens'}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={STATUS[t.status].label} color={STATUS[t.status].color} />
                  </TableCell>
                  <TableCell align="right">
                    <DownloadButton t={t} />
                  </TableCell>
                </TableRow>
              ))}
              {!termos?.length && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary">
                      Nenhum termo emitido{setorId === '' ? '' : ' para este setor'}.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
