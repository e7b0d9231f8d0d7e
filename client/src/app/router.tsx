import { Suspense, lazy, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { MAIN_ROUTES, PUBLIC_ROUTES, SUPERUSER_EXTRA_ROUTES, SUPERUSER_MENU } from '@tombo/shared';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { NotFoundPage, PlaceholderPage } from '../features/placeholders';
import { SuperuserPlaceholderPage } from '../features/superuser';
import { AppRoot } from './AppRoot';
import { RouteError } from './RouteError';
import { screensOf } from './features';
import { RequireMainArea, RequireRole, RequireSuperuser } from './guards/guards';

// The signed-in layouts are chunks of their own: the login page never loads them.
const MainLayout = lazy(() => import('./layouts/main/MainLayout'));
const SuperuserLayout = lazy(() => import('./layouts/superuser/SuperuserLayout'));

const screen = (node: ReactNode) => <Suspense fallback={<FullScreenSpinner />}>{node}</Suspense>;

const publicTitle = (path: string) => PUBLIC_ROUTES.find((r) => r.path === path)?.title ?? '';

/** Signed-out screens of every area. */
const publicRoutes: RouteObject[] = [...screensOf('publicRoutes')].map(([path, Screen]) => ({
  path,
  element: screen(<Screen title={publicTitle(path)} />),
}));

/** The main area follows the shared route table (title, roles); a path no area builds yet shows a placeholder. */
const mainScreens = screensOf('mainRoutes');
const mainRoutes: RouteObject[] = MAIN_ROUTES.map((route) => {
  const Page = mainScreens.get(route.path) ?? PlaceholderPage;
  return {
    path: route.path,
    element: (
      <RequireRole roles={route.roles}>
        <Page key={route.path} title={route.title} />
      </RequireRole>
    ),
  };
});

const superuserScreens = screensOf('superuserRoutes');
const SuperuserHome = superuserScreens.get('/superuser') ?? SuperuserPlaceholderPage;
const superuserRoutes: RouteObject[] = [
  { index: true, element: <SuperuserHome title="" /> },
  ...[...SUPERUSER_MENU, ...SUPERUSER_EXTRA_ROUTES]
    .filter((item) => item.path !== '/superuser')
    .map((item) => {
      const Page = superuserScreens.get(item.path) ?? SuperuserPlaceholderPage;
      return { path: item.path, element: <Page key={item.path} title={item.label} /> };
    }),
  { path: '*', element: <NotFoundPage embedded /> },
];

export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        path: '/superuser',
        element: <RequireSuperuser>{screen(<SuperuserLayout />)}</RequireSuperuser>,
        children: superuserRoutes,
      },
      {
        element: <RequireMainArea>{screen(<MainLayout />)}</RequireMainArea>,
        children: mainRoutes,
      },
      { path: '*', element: screen(<NotFoundPage />) },
    ],
  },
]);
