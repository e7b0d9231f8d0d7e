import type { Socket } from 'socket.io-client';
import type { LiveEvent, Notification } from '@tombo/shared';
import { mutate } from '../../server/src/db/tx';
import { notify } from '../../server/src/modules/notifications';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import type { TestServer } from './harness';

/**
 * The bound of a "nothing arrives" check: makes the server notify `user` (the real command, through the same
 * outbox and publisher as every live event) and resolves when that notification reaches `socket`, the user's.
 * Every event the server sent that socket before has arrived by then.
 */
export async function sentinel(
  s: TestServer,
  socket: Socket,
  user: { id: number; municipalityId: number | null },
  ms = 10_000,
): Promise<void> {
  if (user.municipalityId == null) throw new Error('sentinel: a municipal user');
  const title = `Sentinela ${Math.random().toString(36).slice(2)}`;
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sentinel notification for user ${user.id} did not arrive`)), ms);
    const on = (e: LiveEvent<Notification>) => {
      if (e.data.title !== title) return;
      clearTimeout(timer);
      socket.off('notification.created', on);
      resolve();
    };
    socket.on('notification.created', on);
  });
  const scope = scopeOfMunicipality(user.municipalityId);
  await mutate(s.ctx, null, (tx, out) =>
    notify(tx, out, scope, [user.id], { title, description: 'Fim da janela de teste.', type: 'system' }),
  );
  await arrived;
}
