import type { Namespace } from 'socket.io';

type Adapter = Namespace['adapter'];

/** What a recovered socket had before its handshake was checked: its rooms and its place in the stream. */
export interface HeldRecovery {
  pid: string;
  offset: string;
  rooms: string[];
}

/**
 * Socket.IO's connection-state recovery rejoins the old rooms and writes the missed packets when it
 * creates the socket, before the auth middleware runs. This holds both back: `restoreSession`
 * restores no rooms and no packets and puts what it found in the socket's data (`recovery`);
 * once the handshake passed, `missedSince` gives the packets of the rooms the user may still be in.
 */
export function holdRecovery(adapter: Adapter) {
  const restore = adapter.restoreSession.bind(adapter);
  const persist = adapter.persistSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    const recovery: HeldRecovery = { pid, offset, rooms: session.rooms };
    return { ...session, rooms: [], missedPackets: [], data: { ...(session.data as object), recovery } };
  };
  return {
    /** The packets sent after `held.offset` to any of `rooms` (recorded as the socket's session to filter by). */
    async missedSince(sid: string, held: HeldRecovery, rooms: string[]): Promise<unknown[][]> {
      persist({ sid, pid: held.pid, rooms, data: null });
      return (await restore(held.pid, held.offset))?.missedPackets ?? [];
    },
  };
}
