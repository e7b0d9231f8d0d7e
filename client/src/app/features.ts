import { MAIN_ROUTES } from '@tombo/shared';
import type { Feature, Screen } from '../lib/feature';

/**
 * Every product area's manifest, found by convention: `features/<area>/index.ts` exports `feature`.
 * The signed-in routes mount their screens; nothing lists them by hand.
 */
const manifests = import.meta.glob<Feature>('../features/*/index.ts', { eager: true, import: 'feature' });
export const FEATURES: ReadonlyArray<{ area: string; feature: Feature }> = Object.entries(manifests).map(
  ([path, feature]) => ({ area: path.split('/')[2], feature }),
);

type RouteKind = 'mainRoutes' | 'superuserRoutes';
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
