import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http';
import { closeQueue, QUEUE_DB, queued } from './queue';
import { createSender, type QueueState, type WireLeitura } from './sender';

interface Res {
  id: string;
  resultado: string;
}

/** A tiny in-memory "server" that applies each reading id once, and can be down or refuse numbers. */
function fakeServer() {
  const applied = new Map<string, Res>();
  const calls: WireLeitura[][] = [];
  const s = {
    down: false,
    finalized: false,
    applied,
    calls,
    async send(batch: WireLeitura[]): Promise<Res[]> {
      calls.push(batch);
      if (s.down) throw new TypeError('Failed to fetch');
      if (s.finalized) throw new ApiError('Inventário finalizado.', 409, 'CONFLICT');
      if (batch.some((l) => l.numero === 'ruim')) throw new ApiError('Número inválido.', 400, 'VALIDATION');
      return batch.map((l) => {
        const r = applied.get(l.id) ?? { id: l.id, resultado: 'found' };
        applied.set(l.id, r);
        return r;
      });
    },
  };
  return s;
}

function setup(server: ReturnType<typeof fakeServer>, online: { value: boolean }, userId = 1) {
  const states: QueueState[] = [];
  const results: string[] = [];
  const sender = createSender<Res>({
    inventarioId: 10,
    userId,
    send: (b) => server.send(b),
    isOnline: () => online.value,
    onResults: (a) => results.push(...a.map((x) => x.leitura.numero)),
    onState: (s) => states.push(s),
  });
  return { sender, states, results, last: () => states[states.length - 1] };
}

const reading = (numero: string, i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  numero,
  lidoEm: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
});

afterEach(async () => {
  await closeQueue();
  await new Promise<void>((ok) => {
    const req = indexedDB.deleteDatabase(QUEUE_DB);
    req.onsuccess = () => ok();
  });
});

describe('offline reading queue', () => {
  it('keeps readings while offline and sends them, once each, when the connection returns', async () => {
    const server = fakeServer();
    const online = { value: false };
    const { sender, results, last } = setup(server, online);
    await sender.add([reading('100', 1), reading('101', 2)]);
    await sender.flush();
    expect(server.calls).toHaveLength(0);
    expect(last().pending).toBe(2);

    online.value = true;
    await sender.flush();
    expect(server.calls).toHaveLength(1);
    expect(results).toEqual(['100', '101']);
    expect(last()).toMatchObject({ pending: 0, sending: false });
    expect(await queued(10, 1)).toHaveLength(0);
    sender.stop();
  });

  it('keeps a batch whose request failed and resends the same ids later', async () => {
    const server = fakeServer();
    const { sender, last } = setup(server, { value: true });
    server.down = true;
    await sender.add([reading('200', 1)]);
    await sender.flush();
    expect(last().pending).toBe(1);
    server.down = false;
    await sender.flush();
    expect(last().pending).toBe(0);
    const ids = server.calls.map((b) => b[0].id);
    expect(new Set(ids).size).toBe(1);
    expect(server.applied.size).toBe(1);
    sender.stop();
  });

  it('sends in batches of at most 200 readings, oldest first', async () => {
    const server = fakeServer();
    const online = { value: false };
    const { sender, results } = setup(server, online);
    await sender.add(Array.from({ length: 450 }, (_, i) => reading(String(1000 + i), i)));
    online.value = true;
    await sender.flush();
    expect(server.calls.map((b) => b.length)).toEqual([200, 200, 50]);
    expect(results[0]).toBe('1000');
    expect(results).toHaveLength(450);
    sender.stop();
  });

  it('isolates a reading the server refuses by itself and sends the rest', async () => {
    const server = fakeServer();
    const online = { value: false };
    const { sender, last } = setup(server, online);
    await sender.add([reading('1', 1), reading('ruim', 2), reading('3', 3), reading('4', 4)]);
    online.value = true;
    await sender.flush();
    expect([...server.applied.values()]).toHaveLength(3);
    expect(last().pending).toBe(0);
    expect(last().rejected.map((r) => [r.numero, r.rejeitada])).toEqual([['ruim', 'Número inválido.']]);
    await sender.discard(last().rejected.map((r) => r.id));
    expect(await queued(10, 1)).toHaveLength(0);
    sender.stop();
  });

  it('stops and keeps the readings when the inventory was finalized', async () => {
    const server = fakeServer();
    server.finalized = true;
    const { sender, last } = setup(server, { value: true });
    await sender.add([reading('300', 1)]);
    await sender.flush();
    expect(last()).toMatchObject({ pending: 1, blocked: 'Inventário finalizado.' });
    sender.stop();
  });

  it("never sends another user's queued readings", async () => {
    const server = fakeServer();
    const online = { value: false };
    const a = setup(server, online, 1);
    await a.sender.add([reading('400', 1)]);
    a.sender.stop();
    online.value = true;
    const b = setup(server, online, 2);
    await b.sender.flush();
    expect(server.calls).toHaveLength(0);
    expect(await queued(10, 1)).toHaveLength(1);
    b.sender.stop();
  });
});
