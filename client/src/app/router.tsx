import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { MAIN_ROUTES, PUBLIC_ROUTES, SUPERUSER_EXTRA_ROUTES, SUPERUSER_MENU } from '@tombo/shared';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { AppRoot } from './AppRoot';
import { RouteError } from './RouteError';
import { RequireMainArea, RequireRole, RequireSuperuser } from './guards/guards';
import { pageFor } from './routes/mainPages';
import * as P from './routes/lazyPages';

const screen = (node: ReactNode) => <Suspense fallback={<FullScreenSpinner />}>{node}</Suspense>;

const publicTitle = (path: string) => PUBLIC_ROUTES.find((r) => r.path === path)?.title ?? '';

const publicRoutes: RouteObject[] = [
  { path: '/login', element: screen(<P.LoginPage />) },
  { path: '/esqueci-minha-senha', element: screen(<P.ForgotPasswordPage />) },
  { path: '/redefinir-senha/:token', element: screen(<P.ResetPasswordPage />) },
  ...[
    '/consulta-publica',
    '/consulta-publica/bem/:numero',
    '/consulta-publica/:id',
    '/consulta-publica/imovel/:id',
  ].map((path) => ({
    path,
    element: screen(<P.PublicConsultationPage title={publicTitle(path)} />),
  })),
];

const mainRoutes: RouteObject[] = MAIN_ROUTES.map((route) => {
  const Page = pageFor(route.path);
  return {
    path: route.path,
    element: (
      <RequireRole roles={route.roles}>
        <Page key={route.path} title={route.title} />
      </RequireRole>
    ),
  };
});

const superuserRoutes: RouteObject[] = [
  { index: true, element: <P.SuperuserDashboardPage /> },
  ...[...SUPERUSER_MENU, ...SUPERUSER_EXTRA_ROUTES]
    .filter((item) => item.path !== '/superuser')
    .map((item) => ({ path: item.path, element: <P.SuperuserPlaceholderPage key={item.path} title={item.label} /> })),
  { path: '*', element: <P.NotFoundPage embedded /> },
];

export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        path: '/superuser',
        element: <RequireSuperuser>{screen(<P.SuperuserLayout />)}</RequireSuperuser>,
        children: superuserRoutes,
      },
      {
        element: <RequireMainArea>{screen(<P.MainLayout />)}</RequireMainArea>,
        children: mainRoutes,
      },
      { path: '*', element: screen(<P.NotFoundPage />) },
    ],
  },
]);
