/**
 * What runs for /app/iframe/{accessId} instead of the whole app (main.tsx): the embedded map page
 * and the little it needs, so that a frame on another site downloads neither the editor nor the
 * app's other pages, and opens no session.
 */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client.js';
import { ErrorBoundary } from '../app/error-boundary.js';
import { EmbeddedMapPage } from './embedded-map-page.js';
import { EMBEDDED_MAP_ROUTE } from './embedded-map-path.js';

/** The app's base, /app (vite.config.ts `base`), as the router takes it. */
const APP_BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function EmbeddedMapApp() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter([{ path: EMBEDDED_MAP_ROUTE, element: <EmbeddedMapPage /> }], { basename: APP_BASE }));
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
