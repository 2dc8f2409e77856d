/**
 * /profile/subscription/billing-history: the invoices of the user's subscriptions, newest first
 * (SPEC §3 Invoice): number, date, period covered, amount with tax, status (SPEC §4: Paid, Unpaid,
 * Pending) and the provider's page or PDF when it has them. On phones each invoice is a card.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@catchment/domain';
import { getInvoices } from '../api/invoices.js';
import { usePageTitle } from '../app/page-title.js';
import { useLocale } from '../i18n/index.js';
import { useProfileUser } from '../profile/profile-layout.js';
import { formatMoney } from '../plans/plan-offers.js';
import { invoicePeriodText, invoiceStatusKey, invoiceStatusTone } from './invoice-display.js';
import './billing-pages.css';

export const invoicesQueryKey = (clientId: number) => ['billing', 'invoices', clientId] as const;

export function BillingHistoryPage() {
  const { t } = useTranslation();
  usePageTitle('titles.billingHistory');
  const user = useProfileUser();
  const clientId = user.id;
  const invoices = useQuery({
    queryKey: invoicesQueryKey(clientId),
    queryFn: ({ signal }) => getInvoices(clientId, signal),
  });
  return (
    <main className="profile-page subscription-child" data-testid="billing-history-page" aria-label={t('titles.billingHistory')}>
      <p className="muted subscription-child-intro">{t('billingHistory.intro')}</p>
      <section className="profile-section" aria-label={t('titles.billingHistory')}>
        {invoices.isPending && <p className="muted">{t('app.loading')}</p>}
        {invoices.isError && (
          <div className="form-error billing-load-error" role="alert" data-testid="invoices-error">
            <p>{t('billing.invoicesError')}</p>
            <button type="button" className="button button-small" onClick={() => void invoices.refetch()}>{t('app.retry')}</button>
          </div>
        )}
        {invoices.data && invoices.data.invoices.length === 0 && (
          <div className="billing-empty" data-testid="invoices-empty">
            <p className="billing-empty-title">{t('billingHistory.empty')}</p>
            <p className="muted">{t('billingHistory.emptyHint')}</p>
          </div>
        )}
        {invoices.data && invoices.data.invoices.length > 0 && <InvoiceTable invoices={invoices.data.invoices} />}
      </section>
    </main>
  );
}

function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const columns = {
    number: t('billingHistory.number'), date: t('billingHistory.date'), period: t('billingHistory.period'),
    amount: t('billingHistory.amount'), status: t('billingHistory.status'), document: t('billingHistory.document'),
  };
  return (
    <table className="invoice-table" data-testid="invoice-table">
      <caption className="visually-hidden">{t('titles.billingHistory')}</caption>
      <thead>
        <tr>
          {Object.values(columns).map((label) => <th key={label} scope="col">{label}</th>)}
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => {
          const period = invoicePeriodText(invoice, locale);
          return (
            <tr key={invoice.id} data-testid="invoice-row" data-status={invoice.status}>
              <th scope="row" data-label={columns.number} className="invoice-number">{invoice.number}</th>
              <td data-label={columns.date}>{date.format(new Date(invoice.date))}</td>
              <td data-label={columns.period}>{period ?? '—'}</td>
              <td data-label={columns.amount} className="invoice-amount">
                <span data-testid="invoice-amount">{formatMoney(invoice.amount, invoice.currency, locale)}</span>
                <span className="invoice-amount-detail">
                  {t('billingHistory.amountDetail', {
                    subtotal: formatMoney(invoice.subtotal, invoice.currency, locale),
                    tax: formatMoney(invoice.tax, invoice.currency, locale),
                  })}
                </span>
              </td>
              <td data-label={columns.status}>
                <span className={`status-pill status-${invoiceStatusTone(invoice.status)}`} data-testid="invoice-status">
                  {t(invoiceStatusKey(invoice.status))}
                </span>
              </td>
              <td data-label={columns.document} className="invoice-links">
                {invoice.downloadUrl && (
                  <a href={invoice.downloadUrl} target="_blank" rel="noreferrer" aria-label={t('billingHistory.downloadNamed', { number: invoice.number })}>
                    {t('billingHistory.download')}
                  </a>
                )}
                {invoice.hostedUrl && (
                  <a href={invoice.hostedUrl} target="_blank" rel="noreferrer" aria-label={t('billingHistory.viewNamed', { number: invoice.number })}>
                    {t('billingHistory.view')}
                  </a>
                )}
                {!invoice.downloadUrl && !invoice.hostedUrl && <span className="muted" title={t('billingHistory.noDocument')}>—</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
