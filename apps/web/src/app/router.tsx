/** Routes under /app (SPEC §2); any other path goes back to the map. */
import { createBrowserRouter, Navigate } from 'react-router';
import { ForgotPasswordPage } from '../auth/forgot-password-page.js';
import { LoginPage } from '../auth/login-page.js';
import { ResetPasswordPage } from '../auth/reset-password-page.js';
import { SignupPage } from '../auth/signup-page.js';
import { VerifyEmailPage } from '../auth/verify-email-page.js';
import { ProfileLayout } from '../profile/profile-layout.js';
import { ProfilePage } from '../profile/profile-page.js';
import { OrganizationPage } from '../organization/organization-page.js';
import { IntegrationsPage } from '../integrations/integrations-page.js';
import { DownloadsPage } from '../downloads/downloads-page.js';
import { OAuthCallbackPage } from '../integrations/oauth-callback-page.js';
import { ManualSubscriptionPage } from '../subscription/manual-subscription-page.js';
import { SubscriptionDetailsPage } from '../subscription/subscription-details-page.js';
import { SubscriptionLayout } from '../subscription/subscription-layout.js';
import { UsersPage } from '../subscription/users-page.js';
import { BillingAddressPage } from '../subscription/billing-address-page.js';
import { BillingHistoryPage } from '../subscription/billing-history-page.js';
import { PaymentPage } from '../payment/payment-page.js';
import { PaymentSuccessPage } from '../payment/payment-success-page.js';
import { ReportPrintPage } from '../reports/report-print-page.js';
import { MapPicturePage } from '../reports/map-picture-page.js';
import { HomePage } from './home-page.js';
import { Layout } from './layout.js';
import { MapPage } from './map-page.js';
import { MapShell } from './map-shell.js';
import { EMBEDDED_MAP_ROUTE } from '../iframe/embedded-map-path.js';

export const APP_BASENAME = '/app';

const generationPage = () => import('../generation/generation-page.js').then(({ GenerationPage }) => ({ Component: GenerationPage }));

export function createAppRouter() {
  return createBrowserRouter([
    // The pages the server prints reports and takes map pictures from: no header, no session, their input given with them.
    { path: 'print/report', element: <ReportPrintPage /> },
    { path: 'print/map', element: <MapPicturePage /> },
    // The embeddable map view (main.tsx starts it alone when the page is opened on it): its own chunk, no app chrome.
    { path: EMBEDDED_MAP_ROUTE, lazy: () => import('../iframe/embedded-map-page.js').then(({ EmbeddedMapPage }) => ({ Component: EmbeddedMapPage })) },
    // The extractor a partner's site links to or frames, with an app key: its own chunk, no app chrome.
    { path: 'extractor', lazy: () => import('../extractor/extractor-page.js').then(({ ExtractorPage }) => ({ Component: ExtractorPage })) },
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
        { path: 'forgotpassword', element: <ForgotPasswordPage /> },
        { path: 'resetpassword', element: <ResetPasswordPage /> },
        { path: 'verify-email', element: <VerifyEmailPage /> },
        { path: 'payment/:product', element: <PaymentPage /> },
        { path: 'paymentSuccess', element: <PaymentSuccessPage /> },
        {
          // The profile area: its child pages (subscription, downloads, integrations) add a route
          // here and an entry in profile/profile-sections.ts.
          path: 'profile',
          element: <ProfileLayout />,
          children: [
            { index: true, element: <ProfilePage /> },
            { path: 'organization', element: <OrganizationPage /> },
            {
              // The subscription: details by default; its other tabs (subscription/subscription-sections.ts) add their route here.
              path: 'subscription',
              element: <SubscriptionLayout />,
              children: [
                { index: true, element: <SubscriptionDetailsPage /> },
                { path: 'users', element: <UsersPage /> },
                { path: 'billing-address', element: <BillingAddressPage /> },
                { path: 'billing-history', element: <BillingHistoryPage /> },
              ],
            },
            { path: 'downloads', element: <DownloadsPage /> },
            { path: 'integrations', element: <IntegrationsPage /> },
          ],
        },
        // Automatic map generation (SPEC §2 /generate): the form, then the generation it started. Its own chunk.
        { path: 'generate', lazy: generationPage },
        { path: 'generate/:generationId', lazy: generationPage },
        { path: 'manual_subscription', element: <ManualSubscriptionPage /> },
        // Where a CRM sends the user back after granting access (SPEC §2, not indexed).
        { path: 'oauth/:crmType', element: <OAuthCallbackPage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ], { basename: APP_BASENAME });
}
