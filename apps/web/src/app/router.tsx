/** Routes under /app (SPEC §2); any other path goes back to the map. */
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../auth/login-page.js';
import { ProfilePage } from '../auth/profile-page.js';
import { SignupPage } from '../auth/signup-page.js';
import { HomePage } from './home-page.js';
import { Layout } from './layout.js';
import { MapPage } from './map-page.js';
import { MapShell } from './map-shell.js';

export const APP_BASENAME = '/app';

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        {
          element: <MapShell />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'map/:accessId', element: <MapPage /> },
          ],
        },
        { path: 'login', element: <LoginPage /> },
        { path: 'signup', element: <SignupPage /> },
        { path: 'profile', element: <ProfilePage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ], { basename: APP_BASENAME });
}
