import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { AppThemeProvider } from './providers/AppThemeProvider';
import { Toaster } from './providers/Toaster';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
