/** The react-query client of the app (and of the embedded map view, which runs without the app). */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.js';

export function createQueryClient(): QueryClient {
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
