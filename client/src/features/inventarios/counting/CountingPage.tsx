import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  INVENTARIO_MSG,
  formatDateTime,
  type FinalizarResponse,
  type InventarioLeitura,
  type InventarioLeiturasEvent,
  type LeituraResult,
} from '@tombo/shared';
import { ContentSpinner } from '../../../components/FullScreenSpinner';
import { LoadError } from '../../../components/LoadError';
import type { PageProps } from '../../../lib/feature';
import { useLiveEvent } from '../../../lib/liveBus';
import { useSession } from '../../../lib/session';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useLocais } from '../../locais';
import { offlineAssets } from '../../sync';
import { inventarioKeys } from '../keys';
import { useInventario, useInventarioMutations, useLeituras } from '../queries';
import { CountingHeader } from './CountingHeader';
import { Feed } from './Feed';
import { FinalizeDialog } from './FinalizeDialog';
import { OUTCOME, mergeFeed, severityOf, type FeedEntry } from './outcome';
import type { QueuedLeitura } from './queue';
import { ReadingPanel } from './ReadingPanel';
import { useReadingQueue, type Answered, type ReadingOptions } from './useReadingQueue';
import { useInventarioRoom } from './useRoom';

const fromLog = (l: InventarioLeitura, me: number | undefined): FeedEntry => ({
  id: l.id,
  numero: l.numero,
  outcome: l.resultado,
  descricao: l.descricao_bem,
  local: l.localNome,
  lidoPorNome: l.lidoPorNome,
  lidoEm: l.lidoEm,
  ...(l.lidoPorId === me ? { mine: true } : {}),
});

const fromEvent = (r: InventarioLeiturasEvent['resultados'][number]): FeedEntry => ({
  id: r.id,
  numero: r.item?.numero_patrimonio ?? r.numero,
  outcome: r.resultado,
  descricao: r.item?.descricao_bem ?? null,
  local: r.item?.localEncontradoNome ?? null,
  lidoPorNome: r.lidoPorNome,
  lidoEm: r.lidoEm,
});

/** The counter's location, kept per inventory for the tab's life (a reload keeps it). */
function useStoredLocal(id: number, fallback: number | null) {
  const key = `tombo:inventario:${id}:local`;
  const [value, setValue] = useState<number | ''>(() => {
    const v = sessionStorage.getItem(key);
    return v ? Number(v) : (fallback ?? '');
  });
  useEffect(() => {
    if (value === '' && fallback != null && !sessionStorage.getItem(key)) setValue(fallback);
  }, [fallback, key, value]);
  const set = (v: number | '') => {
    setValue(v);
    sessionStorage.setItem(key, String(v));
  };
  return [value, set] as const;
}

/** /inventarios/:id: the live, offline-first counting screen (phone first). */
export default function CountingPage(_props: PageProps) {
  const id = Number(useParams().id);
  const user = useSession((s) => s.user);
  const can = useCan();
  const qc = useQueryClient();
  const detail = useInventario(id);
  const inv = detail.data;
  const log = useLeituras(id);
  const room = useInventarioRoom(id);
  const { finalize } = useInventarioMutations();
  const locaisQuery = useLocais(inv?.sectorId);
  const locais = useMemo(
    () => [...(locaisQuery.data?.locais ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    [locaisQuery.data],
  );
  const [localId, setLocalId] = useStoredLocal(id, inv?.specificLocationId ?? null);
  const [feed, setFeed] = useState<FeedEntry[]>([]);
  const [last, setLast] = useState<FeedEntry | null>(null);
  const [finalizing, setFinalizing] = useState(false);
  const [finalResult, setFinalResult] = useState<FinalizarResponse | null>(null);
  const localName = useCallback((lid?: number) => locais.find((l) => l.id === lid)?.name ?? null, [locais]);

  useEffect(() => {
    if (log.data)
      setFeed((f) =>
        mergeFeed(
          f,
          log.data.leituras.map((l) => fromLog(l, user?.id)),
        ),
      );
  }, [log.data, user?.id]);

  useLiveEvent('inventario.leituras', (e) => {
    if (e.data.inventarioId !== id) return;
    setFeed((f) => mergeFeed(f, e.data.resultados.map(fromEvent)));
    // Found counts come with the event; divergences and occurrences need the record again.
    if (e.data.resultados.some((r) => r.resultado !== 'found' && r.resultado !== 'duplicada'))
      void qc.invalidateQueries({ queryKey: inventarioKeys.detail(id) });
  });

  const onAnswered = useCallback(
    (answered: Answered) => {
      const entries = answered.map(({ leitura, resultado }: { leitura: QueuedLeitura; resultado: LeituraResult }) => ({
        id: leitura.id,
        numero: resultado.item?.numero_patrimonio ?? leitura.numero,
        outcome: resultado.resultado,
        descricao: resultado.item?.descricao_bem ?? null,
        local: localName(leitura.localId),
        lidoPorNome: user?.name ?? null,
        lidoEm: leitura.lidoEm,
        message: resultado.message,
        mine: true,
      }));
      setFeed((f) => mergeFeed(f, entries));
      setLast((cur) => entries.find((e) => e.id === cur?.id) ?? (entries.length === 1 ? entries[0] : cur));
      void qc.invalidateQueries({ queryKey: inventarioKeys.detail(id) });
    },
    [id, localName, qc, user?.name],
  );
  const queue = useReadingQueue(id, user?.id ?? null, onAnswered);

  // A reading waiting to be sent is described from the device's synced copy (/ferramentas/sync-client), if any.
  const describeOffline = async (entries: FeedEntry[]) => {
    const found = await Promise.all(entries.map((e) => (e.numero ? offlineAssets.lookup(e.numero) : null)));
    const described = new Map(entries.map((e, i) => [e.id, found[i]?.descricao_bem ?? null]));
    if (![...described.values()].some(Boolean)) return;
    const patch = (e: FeedEntry) =>
      e.outcome === 'pendente' && !e.descricao ? { ...e, descricao: described.get(e.id) ?? null } : e;
    setFeed((f) => f.map(patch));
    setLast((cur) => (cur ? patch(cur) : cur));
  };

  const read = async (numeros: string[], opts: ReadingOptions) => {
    try {
      const rows = await queue.add(numeros, opts);
      const entries: FeedEntry[] = rows.map((r) => ({
        id: r.id,
        numero: r.numero,
        outcome: 'pendente',
        descricao: null,
        local: localName(r.localId),
        lidoPorNome: user?.name ?? null,
        lidoEm: r.lidoEm,
        mine: true,
      }));
      setFeed((f) => mergeFeed(f, entries));
      setLast(entries[entries.length - 1] ?? null);
      void describeOffline(entries);
    } catch {
      toast.error('Não foi possível guardar a leitura neste aparelho.');
    }
  };

  if (detail.isPending) return <ContentSpinner />;
  if (detail.isError || !inv)
    return <LoadError message={INVENTARIO_MSG.notFound} onRetry={() => void detail.refetch()} />;

  const open = inv.status === 'in_progress';
  const elevated = can('inventarios:manage');
  const member = elevated || inv.comissao.some((m) => m.id === user?.id);
  const canCount = can('inventarios:count') && member && open;
  const lastShown = last ? (feed.find((e) => e.id === last.id) ?? last) : null;

  return (
    <Stack spacing={2}>
      <CountingHeader
        inv={inv}
        presence={room.presence}
        pending={queue.pending}
        online={queue.online}
        sending={queue.sending}
        canFinalize={elevated}
        onFinalize={() => setFinalizing(true)}
      />
      {!open && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/inventarios/resumo/${inv.id}`}>
              Ver resumo
            </Button>
          }
          data-testid="finalizado"
        >
          Inventário finalizado{inv.finalizedAt ? ` em ${formatDateTime(inv.finalizedAt)}` : ''}. A contagem está
          encerrada.
        </Alert>
      )}
      {open && !member && <Alert severity="info">{INVENTARIO_MSG.notInComissao}</Alert>}
      {(queue.blocked || room.joinError) && <Alert severity="error">{queue.blocked ?? room.joinError}</Alert>}
      {queue.rejected.length > 0 && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => queue.discard(queue.rejected.map((r) => r.id))}>
              Descartar
            </Button>
          }
        >
          Leituras recusadas pelo servidor: {queue.rejected.map((r) => `${r.numero} (${r.rejeitada})`).join('; ')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          {canCount && (
            <ReadingPanel
              locais={locais}
              localId={localId}
              onLocal={setLocalId}
              disabled={!canCount}
              onRead={(n, o) => void read(n, o)}
              onBadScan={(t) => toast.error(`Código lido não é uma etiqueta de bem: ${t.slice(0, 80)}`)}
              result={
                lastShown && (
                  <Alert
                    severity={severityOf(lastShown.outcome)}
                    role="status"
                    aria-live="polite"
                    data-testid="ultimo-resultado"
                  >
                    <strong>
                      {lastShown.numero} — {OUTCOME[lastShown.outcome].label}
                    </strong>
                    {lastShown.descricao ? `: ${lastShown.descricao}` : ''}
                    {lastShown.message && lastShown.outcome !== 'found' ? (
                      <Box component="span" sx={{ display: 'block' }}>
                        {lastShown.message}
                      </Box>
                    ) : null}
                  </Alert>
                )
              }
            />
          )}
        </Stack>
        <Feed entries={feed} />
      </Box>
      <FinalizeDialog
        open={finalizing}
        busy={finalize.isPending}
        faltantes={inv.totalItens - inv.encontrados}
        pending={queue.pending}
        result={finalResult}
        onClose={() => {
          setFinalizing(false);
          setFinalResult(null);
        }}
        onConfirm={() => finalize.mutate(inv.id, { onSuccess: (r) => setFinalResult(r) })}
      />
    </Stack>
  );
}
