import type { LiveContext, LiveHandlers } from '../lib/feature';

type AnyHandler = (event: unknown, ctx: LiveContext) => void;

// Every area's `live.ts`, found by convention. Imported only by the signed-in session (a chunk of its own).
const modules = import.meta.glob<LiveHandlers>('../features/*/live.ts', { eager: true, import: 'live' });

/** Every area's live handlers, grouped by event name (an event may matter to several areas). */
export function liveHandlers(): Map<string, AnyHandler[]> {
  const byEvent = new Map<string, AnyHandler[]>();
  for (const live of Object.values(modules)) {
    for (const [event, handler] of Object.entries(live)) {
      byEvent.set(event, [...(byEvent.get(event) ?? []), handler as AnyHandler]);
    }
  }
  return byEvent;
}
