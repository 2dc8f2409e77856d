/** Taking a cancellation back before the period ends (SPEC §4): what renews and when, then "Reactivating…". */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { reactivateSubscription } from '../api/subscription.js';
import { ModalDialog } from './modal-dialog.js';

interface ReactivateSubscriptionDialogProps {
  open: boolean;
  clientId: number;
  subscription: SubscriptionView;
  /** When it will renew, and its price per period, as the page writes them. */
  renewsOn: string;
  price: string;
  onClose(): void;
  onReactivated(view: SubscriptionView): void;
}

export function ReactivateSubscriptionDialog({ open, clientId, subscription, renewsOn, price, onClose, onReactivated }: ReactivateSubscriptionDialogProps) {
  const { t } = useTranslation();
  const [reactivating, setReactivating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const reactivate = async () => {
    setError(null);
    setReactivating(true);
    try {
      onReactivated(await reactivateSubscription(clientId));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : t('billing.alerts.unexpectedError'));
    } finally {
      setReactivating(false);
    }
  };

  return (
    <ModalDialog open={open} title={t('subscription.reactivateDialog.title')} onClose={close} busy={reactivating} testId="reactivate-dialog">
      <p>
        {t('subscription.reactivateDialog.text', {
          plan: t(`plans.${subscription.product}`), date: renewsOn, amount: price, per: t(`billing.perPeriod.${subscription.period}`),
        })}
      </p>
      {error && <p className="form-error" role="alert" data-testid="reactivate-error">{error}</p>}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close} disabled={reactivating}>{t('subscription.reactivateDialog.back')}</button>
        <button type="button" className="button button-primary" onClick={() => void reactivate()} disabled={reactivating}
          aria-busy={reactivating || undefined} data-testid="reactivate-confirm">
          {reactivating ? t('subscription.reactivating') : t('subscription.reactivate')}
        </button>
      </div>
    </ModalDialog>
  );
}
