import {
  PUBLIC_NAMESPACE,
  isPublicRoom,
  type LiveEvent,
  type ServerEventData,
  type ServerEventName,
} from '@tombo/shared';

/** Sends a live event to socket rooms — through the local Socket.IO server or, from a worker, the Redis emitter. */
export interface Publisher {
  emit<N extends ServerEventName>(rooms: string | string[], name: N, event: LiveEvent<ServerEventData<N>>): void;
}

interface Emitting {
  to(rooms: string | string[]): { emit(name: string, payload: unknown): unknown };
}
interface RoomTarget extends Emitting {
  of(namespace: string): Emitting;
}

export function publisherFor(target: RoomTarget): Publisher {
  return {
    emit(rooms, name, event) {
      const list = typeof rooms === 'string' ? [rooms] : rooms;
      const signedIn = list.filter((r) => !isPublicRoom(r));
      const open = list.filter(isPublicRoom);
      if (signedIn.length) target.to(signedIn).emit(name, event);
      // Anonymous sockets (login pages) live in their own namespace and never learn who made the change.
      if (open.length)
        target
          .of(PUBLIC_NAMESPACE)
          .to(open)
          .emit(name, { ...event, actor: null });
    },
  };
}
