import { useEffect, useRef } from 'react';
import type { ServerEventName, ServerToClientEvents } from '@tombo/shared';
import type { LiveSocket } from './socket';

/**
 * Access to the session's single live socket for any feature: subscribe to an event with
 * onLive / useLiveEvent instead of opening another socket. Subscriptions made before the
 * socket exists (or across a re-login) are attached when it is opened.
 */
type AnyHandler = (...args: unknown[]) => void;
interface Subscription {
  event: string;
  handler: AnyHandler;
}

const subscriptions = new Set<Subscription>();
const reconnectHandlers = new Set<() => void>();
let current: LiveSocket | null = null;

const raw = (socket: LiveSocket) =>
  socket as unknown as { on: (e: string, h: AnyHandler) => void; off: (e: string, h: AnyHandler) => void };

export function attachLiveSocket(socket: LiveSocket): void {
  current = socket;
  for (const s of subscriptions) raw(socket).on(s.event, s.handler);
}

export function detachLiveSocket(socket: LiveSocket): void {
  for (const s of subscriptions) raw(socket).off(s.event, s.handler);
  if (current === socket) current = null;
}

/** Called by the session socket after a reconnect (the app refetches active queries too). */
export function notifyReconnect(): void {
  for (const h of reconnectHandlers) h();
}

export function getLiveSocket(): LiveSocket | null {
  return current;
}

export function onLive<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  const sub: Subscription = { event, handler: handler as unknown as AnyHandler };
  subscriptions.add(sub);
  if (current) raw(current).on(event, sub.handler);
  return () => {
    subscriptions.delete(sub);
    if (current) raw(current).off(event, sub.handler);
  };
}

export function onLiveReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => reconnectHandlers.delete(handler);
}

/** Hook form of onLive; the latest handler is always called. */
export function useLiveEvent<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  }, [handler]);
  useEffect(() => {
    const forward = ((...args: unknown[]) =>
      (ref.current as unknown as AnyHandler)(...args)) as unknown as ServerToClientEvents[E];
    return onLive(event, forward);
  }, [event]);
}
