import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/client.js';
import { DistanceUnitProvider } from './distance-unit.js';
import { ErrorBoundary } from './error-boundary.js';
import { createAppRouter } from './router.js';
import { ToastsProvider } from './toasts.js';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not change by asking again; network and server errors may.
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

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
