import { describe, expect, it } from 'vitest';
import { Outbox } from '../../server/src/db/tx';

/** What the outbox hands the publisher after a commit. */
function flushed(out: Outbox): Promise<Array<{ rooms: string | string[]; name: string; data: unknown }>> {
  const sent: Array<{ rooms: string | string[]; name: string; data: unknown }> = [];
  out.flush({ publisher: { emit: (rooms, name, event) => sent.push({ rooms, name, data: event.data }) } });
  return new Promise((resolve) => setImmediate(() => resolve(sent)));
}

describe('Outbox', () => {
  it('sends the events addressed to one person before the broadcasts', async () => {
    const out = new Outbox({ id: 1, name: 'Ana', municipalityId: 1 });
    out.emit(['m:1:bens', 'm:1:s:2'], 'patrimonio.updated', { id: 7 } as never);
    out.emit('m:1:audit', 'audit.created', { id: 3 } as never);
    out.emit('u:5', 'notification.created', { id: 9 } as never);
    expect((await flushed(out)).map((e) => e.name)).toEqual([
      'notification.created',
      'patrimonio.updated',
      'audit.created',
    ]);
  });

  it('keeps only the last snapshot of a record sent to the same rooms', async () => {
    const out = new Outbox({ id: 1, name: 'Ana', municipalityId: 1 });
    out.emit(['m:1:bens'], 'patrimonio.updated', { id: 7, version: 2 } as never);
    out.emit(['m:1:s:2'], 'patrimonio.updated', { id: 7, removed: true } as never);
    out.emit(['m:1:bens'], 'patrimonio.updated', { id: 7, version: 3 } as never);
    out.emit(['m:1:bens'], 'patrimonio.updated', { id: 8, version: 1 } as never);
    expect((await flushed(out)).map((e) => e.data)).toEqual([
      { id: 7, removed: true },
      { id: 7, version: 3 },
      { id: 8, version: 1 },
    ]);
  });

  it('sends nothing twice and nothing after being emptied', async () => {
    const out = new Outbox(null);
    out.emit('m:1', 'patrimonio.created', { id: 1 } as never);
    expect(await flushed(out)).toHaveLength(1);
    expect(await flushed(out)).toHaveLength(0);
  });
});
