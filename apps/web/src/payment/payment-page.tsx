/**
 * /payment/{product} (SPEC §2, not indexed): for a logged-in user only (a visitor logs in and comes
 * back). Without `?checkout=` it is the order summary of the plan (period, users, pin packs and
 * what they cost); with it, the test-mode provider's payment page of that checkout.
 */
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../api/session-expiry.js';
import { useNoIndex, usePageTitle } from '../app/page-title.js';
import { useSession } from '../auth/use-session.js';
import { OrderForm } from './order-form.js';
import { TestCheckout } from './test-checkout.js';
import '../auth/account.css';
import './payment.css';

export function PaymentPage() {
  const { t } = useTranslation();
  usePageTitle('titles.payment');
  useNoIndex();
  const { status, user } = useSession();
  const location = useLocation();
  const { product = '' } = useParams();
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');

  if (status === 'unknown') return <main className="centered-page"><p className="muted">{t('app.loading')}</p></main>;
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return (
    <main className="centered-page payment-page">
      {checkoutId
        ? <TestCheckout key={checkoutId} checkoutId={checkoutId} product={product} />
        : <OrderForm key={product} clientId={user.id} product={product} />}
    </main>
  );
}
