import type { LiveEvent, ServerEventData, ServerEventName } from '@tombo/shared';

/** Sends a live event to socket rooms — through the local Socket.IO server or, from a worker, the Redis emitter. */
export interface Publisher {
  emit<N extends ServerEventName>(rooms: string | string[], name: N, event: LiveEvent<ServerEventData<N>>): void;
}

interface RoomTarget {
  to(rooms: string | string[]): { emit(name: string, payload: unknown): unknown };
}

export function publisherFor(target: RoomTarget): Publisher {
  return {
    emit(rooms, name, event) {
      target.to(rooms).emit(name, event);
    },
  };
}
