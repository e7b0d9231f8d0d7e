import { MAIN_ROUTES } from '@tombo/shared';
import type { Feature, LiveContext, LiveHandlers, Screen } from '../lib/feature';

/**
 * Every product area's manifest, found by convention: `features/<area>/index.ts` exports `feature`.
 * The router mounts their screens and the live socket registers their handlers; nothing lists them by hand.
 */
const manifests = import.meta.glob<Feature>('../features/*/index.ts', { eager: true, import: 'feature' });
export const FEATURES: ReadonlyArray<{ area: string; feature: Feature }> = Object.entries(manifests).map(
  ([path, feature]) => ({ area: path.split('/')[2], feature }),
);

type RouteKind = 'publicRoutes' | 'mainRoutes' | 'superuserRoutes';
const MAIN_PATHS = new Set(MAIN_ROUTES.map((r) => r.path));

/** The screens of one kind of route by path; two areas claiming a path, or an unknown main path, is a bug. */
export function screensOf(kind: RouteKind): Map<string, Screen> {
  const screens = new Map<string, Screen>();
  for (const { area, feature } of FEATURES) {
    for (const [path, screen] of Object.entries(feature[kind] ?? {})) {
      if (screens.has(path)) throw new Error(`Rota ${path} declarada duas vezes (área ${area}).`);
      if (kind === 'mainRoutes' && !MAIN_PATHS.has(path))
        throw new Error(`Rota ${path} da área ${area} não está em MAIN_ROUTES.`);
      screens.set(path, screen);
    }
  }
  return screens;
}

type AnyHandler = (event: unknown, ctx: LiveContext) => void;

/** Every area's live handlers, grouped by event name (an event may matter to several areas). */
export function liveHandlers(): Map<string, AnyHandler[]> {
  const byEvent = new Map<string, AnyHandler[]>();
  for (const { feature } of FEATURES) {
    for (const [event, handler] of Object.entries(feature.live ?? ({} as LiveHandlers))) {
      byEvent.set(event, [...(byEvent.get(event) ?? []), handler as AnyHandler]);
    }
  }
  return byEvent;
}
