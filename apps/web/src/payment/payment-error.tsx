/** SPEC §8: "Erreur sur la page de paiement", advising to try again and to contact support. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PaymentError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card payment-card" aria-labelledby="payment-title" data-testid="payment-page-error">
      <h1 id="payment-title">{t('titles.payment')}</h1>
      <p className="form-error" role="alert">{t('billing.paymentPageError')}</p>
      <div className="card-actions">
        {onRetry && <button type="button" className="button button-primary" onClick={onRetry}>{t('app.retry')}</button>}
        <Link className="button" to="/">{t('payment.backToMyMap')}</Link>
      </div>
    </section>
  );
}
