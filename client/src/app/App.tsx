import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { AppThemeProvider } from './providers/AppThemeProvider';
import { Toaster } from './providers/Toaster';
import { RouteErrorBoundary } from './RouteError';
import { AppRoutes } from './router';

/**
 * The entry's shell: query cache, theme, router and toasts. The declarative router, not the data router: the app
 * uses no loaders or actions, and the data router is most of React Router's code (issue 16's login budget).
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <BrowserRouter>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
        <Toaster />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
