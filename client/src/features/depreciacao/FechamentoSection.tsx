import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEPRECIACAO_MSG as M,
  competenciaDe,
  formatDate,
  formatDateTime,
  formatMoney,
  isoDayOf,
  mesIndice,
} from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { useJob } from '../downloads';
import { competenciaBR, maskCompetenciaBR, parseCompetenciaBR } from './format';
import { depreciacaoKeys } from './keys';
import { useFechamentoMutations, useFechamentos } from './queries';

const STATUS = { concluido: 'Fechado', em_andamento: 'Em andamento', falhou: 'Falhou' } as const;
const COR = { concluido: 'success', em_andamento: 'info', falhou: 'error' } as const;

/** How long the bar shows its end (100 %) before it goes. */
const BARRA_FINAL_MS = 1000;

/** The progress of the close that runs (job.progress events), and a toast when it ends. */
function Progresso({ jobId, competencia, onEnd }: { jobId: string; competencia: string; onEnd: () => void }) {
  const { data: job } = useJob(jobId);
  const qc = useQueryClient();
  const [ended, setEnded] = useState(false);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  useEffect(() => {
    if (!job || ended || (job.status !== 'completed' && job.status !== 'failed')) return;
    setEnded(true);
    const mes = competenciaBR(competencia);
    // A failure is said by the Downloads area's job toast (the job's error), a success here.
    if (job.status === 'completed') toast.success(M.fechamentoConcluido(mes));
    void qc.invalidateQueries({ queryKey: depreciacaoKeys.all });
  }, [job, ended, competencia, qc]);
  // The bar stays a moment at its end: a close of a small register ends within milliseconds, and a bar
  // that only flashes says nothing.
  useEffect(() => {
    if (!ended) return;
    const t = setTimeout(() => onEndRef.current(), BARRA_FINAL_MS);
    return () => clearTimeout(t);
  }, [ended]);
  const value = job?.status === 'completed' ? 100 : Math.max(0, Math.min(100, job?.progress ?? 0));
  return (
    <Box aria-live="polite" sx={{ my: 2 }} data-testid="fechamento-progresso">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Fechando {competenciaBR(competencia)}… {value}%
      </Typography>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={`Progresso do fechamento de ${competenciaBR(competencia)}`}
      />
    </Box>
  );
}

/** 'Fechamento mensal': the closed months, closing the next one with its progress, reopening the last (admin). */
export function FechamentoSection() {
  const can = useCan();
  const podeFechar = can('depreciacao:manage');
  const podeReabrir = can('depreciacao:reopen');
  const lista = useFechamentos();
  const { fechar, reabrir } = useFechamentoMutations();
  const fechamentos = lista.data ?? [];
  const ultimo = fechamentos.find((f) => f.status !== 'falhou') ?? null;
  const atual = isoDayOf(new Date()).slice(0, 7);
  const sugerida = ultimo ? competenciaDe(mesIndice(ultimo.competencia) + 1) : competenciaDe(mesIndice(atual) - 1);
  const [texto, setTexto] = useState<string | null>(null);
  const valor = texto ?? competenciaBR(sugerida);
  const competencia = parseCompetenciaBR(valor);
  const [rodando, setRodando] = useState<{ jobId: string; competencia: string } | null>(null);
  const emAndamento = fechamentos.find((f) => f.status === 'em_andamento' && f.jobId);
  const job = rodando ?? (emAndamento ? { jobId: emAndamento.jobId!, competencia: emAndamento.competencia } : null);

  const submit = () => {
    if (!competencia) return;
    fechar.mutate(competencia, {
      onSuccess: (r) => {
        setRodando({ jobId: r.job.id, competencia });
        setTexto(null);
      },
    });
  };
  const [reabrindo, setReabrindo] = useState<string | null>(null);

  return (
    <Box component="section" aria-labelledby="fechamento-title">
      <Typography id="fechamento-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Fechamento mensal
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        O fechamento grava um lançamento por bem depreciável no mês. Os meses são fechados em ordem; só o último pode
        ser reaberto (administrador).
      </Typography>
      {podeFechar && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            id="fechamento-competencia"
            label="Competência"
            placeholder="mm/aaaa"
            size="small"
            value={valor}
            onChange={(e) => setTexto(maskCompetenciaBR(e.target.value))}
            error={!competencia}
            helperText={competencia ? ' ' : M.competenciaInvalida.replace('AAAA-MM', 'MM/AAAA')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            sx={{ width: 160 }}
          />
          <Button variant="contained" onClick={submit} disabled={!competencia || fechar.isPending || !!job}>
            Fechar mês
          </Button>
        </Box>
      )}
      {job && <Progresso key={job.jobId} {...job} onEnd={() => setRodando(null)} />}
      {lista.isError && <Alert severity="error">Não foi possível carregar os meses fechados.</Alert>}
      {fechamentos.length === 0 && !lista.isLoading ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nenhum mês fechado ainda.
        </Typography>
      ) : (
        <TableContainer sx={{ mt: 1 }}>
          <Table size="small" aria-label="Meses fechados">
            <TableHead>
              <TableRow>
                <TableCell>Competência</TableCell>
                <TableCell>Situação</TableCell>
                <TableCell align="right">Bens</TableCell>
                <TableCell align="right">Depreciação do mês</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Fechado por</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Concluído em</TableCell>
                {podeReabrir && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {fechamentos.map((f) => (
                <TableRow key={f.competencia}>
                  <TableCell>{competenciaBR(f.competencia)}</TableCell>
                  <TableCell>
                    {f.bloqueado ? (
                      <Chip
                        size="small"
                        label="Encerrado"
                        title={`Encerrado na contabilidade (prazo: ${formatDate(f.bloqueioEm!)}): corrija com um estorno no mês aberto.`}
                      />
                    ) : (
                      <Chip size="small" color={COR[f.status]} label={STATUS[f.status]} title={f.erro ?? undefined} />
                    )}
                  </TableCell>
                  <TableCell align="right">{f.bens.toLocaleString('pt-BR')}</TableCell>
                  <TableCell align="right">{formatMoney(f.totalQuota)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{f.closedBy ?? '—'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {f.concludedAt ? formatDateTime(f.concludedAt) : '—'}
                  </TableCell>
                  {podeReabrir && (
                    <TableCell align="right">
                      {f.competencia === fechamentos[0].competencia && f.status !== 'em_andamento' && !f.bloqueado && (
                        <Button size="small" color="warning" onClick={() => setReabrindo(f.competencia)}>
                          Reabrir
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={reabrindo != null}
        title="Reabrir mês"
        message={reabrindo ? M.confirmarReabrir(competenciaBR(reabrindo)) : ''}
        confirmLabel="Reabrir"
        destructive
        busy={reabrir.isPending}
        onClose={() => setReabrindo(null)}
        onConfirm={() => reabrir.mutate(reabrindo!, { onSettled: () => setReabrindo(null) })}
      />
    </Box>
  );
}
