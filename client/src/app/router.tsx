import { Suspense, lazy, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PUBLIC_ROUTES } from '@tombo/shared';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import type { PublicRoutes } from '../lib/feature';
import { AppRoot } from './AppRoot';

// Every path that is not a signed-out screen: the areas' manifests, guards, layouts and the not-found page, in
// chunks of their own, so the login route never loads them (docs/architecture.md, "Client").
const SignedInRoutes = lazy(() => import('./signedInRoutes'));

/** A lazily loaded screen with the full-screen spinner while its chunk loads. */
export const screen = (node: ReactNode) => <Suspense fallback={<FullScreenSpinner />}>{node}</Suspense>;

const publicTitle = (path: string) => PUBLIC_ROUTES.find((r) => r.path === path)?.title ?? '';

/** Signed-out screens of every area, found by convention: `features/<area>/public.ts` exports `publicRoutes`. */
const publicScreens = import.meta.glob<PublicRoutes>('../features/*/public.ts', {
  eager: true,
  import: 'publicRoutes',
});
const publicRoutes: RouteObject[] = Object.values(publicScreens)
  .flatMap((screens) => Object.entries(screens))
  .map(([path, Screen]) => ({ path, element: screen(<Screen title={publicTitle(path)} />) }));

const routes: RouteObject[] = [
  { element: <AppRoot />, children: [...publicRoutes, { path: '*', element: screen(<SignedInRoutes />) }] },
];

/** The app's routes (inside the BrowserRouter of App.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
