import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client.js';
import { DistanceUnitProvider } from './distance-unit.js';
import { ErrorBoundary } from './error-boundary.js';
import { createAppRouter } from './router.js';
import { ToastsProvider } from './toasts.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ToastsProvider>
          <DistanceUnitProvider>
            <RouterProvider router={router} />
          </DistanceUnitProvider>
        </ToastsProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
