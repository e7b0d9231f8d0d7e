import type { ComponentType, LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ServerEventName, ServerToClientEvents } from '@tombo/shared';

/** What every routed screen receives: its title from the route table (shared `routes.ts`). */
export interface PageProps {
  title: string;
}

/** A lazily imported screen: each screen is its own chunk. */
export type Screen = LazyExoticComponent<ComponentType<PageProps>>;

/** What a live handler may use: the session's query cache and who is signed in. */
export interface LiveContext {
  queryClient: QueryClient;
  userId: number;
}

/**
 * Socket event → what it does to the feature's cached data (run for the whole signed-in session), exported as
 * `live` by `features/<area>/live.ts`; the signed-in session's socket finds them all (`app/liveHandlers.ts`).
 */
export type LiveHandlers = {
  [E in ServerEventName]?: (event: Parameters<ServerToClientEvents[E]>[0], ctx: LiveContext) => void;
};

/**
 * An area's signed-out screens by route path ('/login'; titles from PUBLIC_ROUTES), exported as `publicRoutes`
 * by `features/<area>/public.ts`: the entry chunk mounts them (app/router.tsx), so that file names only lazy screens.
 */
export type PublicRoutes = Record<string, Screen>;

/**
 * A product area's manifest (HOUSE-RULES rule 10), exported as `feature` by `features/<area>/index.ts`: the
 * signed-in routes (their own chunk, app/signedInRoutes.tsx) find every manifest and mount its screens. Its live
 * handlers are `live.ts` (app/liveHandlers.ts); its signed-out screens, `public.ts`.
 */
export interface Feature {
  /** Screens of the main area by their MAIN_ROUTES path (which gives title and roles). */
  mainRoutes?: Record<string, Screen>;
  /** Screens of the superuser area by path ('/superuser' is its home). */
  superuserRoutes?: Record<string, Screen>;
}
