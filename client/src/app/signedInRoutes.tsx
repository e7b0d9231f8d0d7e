import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { MAIN_ROUTES, SUPERUSER_EXTRA_ROUTES, SUPERUSER_MENU } from '@tombo/shared';
import { MustChangePassword } from '../features/auth';
import { NotFoundPage } from '../features/placeholders';
import { screensOf } from './features';
import { RequireMainArea, RequireRoute, RequireSuperuser } from './guards/guards';
import { screen } from './router';

// Each layout is a chunk of its own: a superuser never loads the main one, nor the reverse.
const MainLayout = lazy(() => import('./layouts/main/MainLayout'));
const SuperuserLayout = lazy(() => import('./layouts/superuser/SuperuserLayout'));

/** A route of the table whose screen no area builds: 'not found', never a page that says the area is unavailable. */
const Missing = (_: { title: string }) => <NotFoundPage embedded />;

/** The main area follows the shared route table (title, roles, permission). */
const mainScreens = screensOf('mainRoutes');
const mainRoutes: RouteObject[] = MAIN_ROUTES.map((route) => {
  const Page = mainScreens.get(route.path) ?? Missing;
  return {
    path: route.path,
    element: (
      <RequireRoute route={route}>
        <Page key={route.path} title={route.title} />
      </RequireRoute>
    ),
  };
});

const superuserScreens = screensOf('superuserRoutes');
const SuperuserHome = superuserScreens.get('/superuser') ?? Missing;
const superuserRoutes: RouteObject[] = [
  { index: true, element: <SuperuserHome title="" /> },
  ...[...SUPERUSER_MENU, ...SUPERUSER_EXTRA_ROUTES]
    .filter((item) => item.path !== '/superuser')
    .map((item) => {
      const Page = superuserScreens.get(item.path) ?? Missing;
      return { path: item.path, element: <Page key={item.path} title={item.label} /> };
    }),
  { path: '*', element: <NotFoundPage embedded /> },
];

const routes: RouteObject[] = [
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
];

/** Every path that is not a signed-out screen: the superuser area, the main area and the not-found page. */
export default function SignedInRoutes() {
  return <MustChangePassword>{useRoutes(routes)}</MustChangePassword>;
}
