import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeituraResult } from '@tombo/shared';
import { sendLeituras } from '../api';
import type { QueuedLeitura } from './queue';
import { createSender, type QueueState } from './sender';

type Sender = ReturnType<typeof createSender<LeituraResult>>;
export type Answered = Array<{ leitura: QueuedLeitura; resultado: LeituraResult }>;

/** What the counter chose for the next readings. */
export interface ReadingOptions {
  localId?: number;
  estado?: string;
  nota?: string;
}

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (Number(c) / 4)))).toString(16),
      );

/**
 * The screen's side of the offline queue: readings go to IndexedDB first, are sent when the browser is
 * online (again on every `online` event and when the tab comes back), and their answers are handed over.
 */
export function useReadingQueue(inventarioId: number, userId: number | null, onAnswered: (a: Answered) => void) {
  const [state, setState] = useState<QueueState>({ pending: 0, rejected: [], blocked: null, sending: false });
  const [online, setOnline] = useState(() => navigator.onLine);
  const sender = useRef<Sender | null>(null);
  const answered = useRef(onAnswered);
  useEffect(() => {
    answered.current = onAnswered;
  }, [onAnswered]);

  useEffect(() => {
    if (userId == null) return;
    const s = createSender<LeituraResult>({
      inventarioId,
      userId,
      send: (leituras) => sendLeituras(inventarioId, leituras),
      isOnline: () => navigator.onLine,
      onResults: (a) => answered.current(a),
      onState: setState,
    });
    sender.current = s;
    const wake = () => {
      setOnline(navigator.onLine);
      void s.flush();
    };
    const offline = () => setOnline(false);
    const visible = () => document.visibilityState === 'visible' && void s.flush();
    window.addEventListener('online', wake);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    // Readings left from an earlier visit (closed tab, reload while offline) go out now.
    void s.flush();
    return () => {
      s.stop();
      sender.current = null;
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [inventarioId, userId]);

  /** Queues readings of these numbers; resolves with what was stored (shown as "aguardando envio"). */
  const add = useCallback(
    async (numeros: string[], opts: ReadingOptions): Promise<QueuedLeitura[]> => {
      const s = sender.current;
      if (!s || userId == null || numeros.length === 0) return [];
      const base = Date.now();
      const rows = numeros.map((numero, i) => ({
        id: newId(),
        numero,
        // Distinct instants keep the order of a pasted list.
        lidoEm: new Date(base + i).toISOString(),
        ...(opts.localId != null ? { localId: opts.localId } : {}),
        ...(opts.estado ? { estado: opts.estado } : {}),
        ...(opts.nota?.trim() ? { nota: opts.nota.trim() } : {}),
      }));
      await s.add(rows);
      return rows.map((r) => ({ ...r, inventarioId, userId }));
    },
    [inventarioId, userId],
  );

  const discard = useCallback((ids: string[]) => void sender.current?.discard(ids), []);
  const retry = useCallback(() => void sender.current?.flush(), []);
  return { ...state, online, add, discard, retry };
}
