/**
 * Cancelling the subscription (SPEC §4, §5): it ends at the period's end, and a reason is required
 * (one of the domain's CANCEL_REASONS, checked here with the API's schema and again by the server),
 * with an optional comment. The button says "Cancelling…" and everything waits while the call runs.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASONS, type CancelReason, type SubscriptionView } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { cancelSubscription } from '../api/subscription.js';
import { ModalDialog } from './modal-dialog.js';
import { checkCancelForm } from './subscription-status.js';

interface CancelSubscriptionDialogProps {
  open: boolean;
  clientId: number;
  subscription: SubscriptionView;
  /** The date the subscription ends, as the page writes it. */
  endsOn: string;
  onClose(): void;
  onCancelled(view: SubscriptionView): void;
}

export function CancelSubscriptionDialog({ open, clientId, subscription, endsOn, onClose, onCancelled }: CancelSubscriptionDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; comment?: string; form?: string }>({});
  const [cancelling, setCancelling] = useState(false);

  const close = () => {
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCancelForm(reason, comment);
    if (!checked.valid) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setCancelling(true);
    try {
      const view = await cancelSubscription(clientId, checked.body);
      setReason('');
      setComment('');
      onCancelled(view);
    } catch (caught) {
      setErrors({ form: caught instanceof ApiError && caught.status < 500 ? caught.message : t('billing.alerts.unexpectedError') });
    } finally {
      setCancelling(false);
    }
  };

  return (
    <ModalDialog open={open} title={t('subscription.cancelDialog.title')} onClose={close} busy={cancelling} testId="cancel-dialog">
      <form className="cancel-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('subscription.cancelDialog.intro', { plan: t(`plans.${subscription.product}`), date: endsOn })}</p>
        <fieldset className={`field cancel-reasons${errors.reason ? ' field-invalid' : ''}`} data-testid="cancel-reasons"
          aria-describedby={errors.reason ? 'cancel-reason-error' : undefined} disabled={cancelling}>
          <legend>{t('subscription.cancelDialog.reason')}</legend>
          {CANCEL_REASONS.map((option) => (
            <label key={option} className={`cancel-reason${reason === option ? ' cancel-reason-selected' : ''}`}>
              <input type="radio" name="cancelFeedback" value={option} checked={reason === option} aria-invalid={errors.reason ? true : undefined}
                data-testid={`cancel-reason-${option}`}
                onChange={() => { setReason(option); setErrors((current) => ({ ...current, reason: undefined })); }} />
              <span>{t(`billing.cancelReasons.${option}`)}</span>
            </label>
          ))}
          {errors.reason && <p id="cancel-reason-error" className="field-error" data-testid="cancel-reason-error">{t(errors.reason)}</p>}
        </fieldset>
        <div className={`field${errors.comment ? ' field-invalid' : ''}`}>
          <label htmlFor="cancel-comment">{t('subscription.cancelDialog.comment')}</label>
          <textarea id="cancel-comment" rows={3} value={comment} maxLength={2000} disabled={cancelling} data-testid="cancel-comment"
            placeholder={t('subscription.cancelDialog.commentHint')} aria-invalid={errors.comment ? true : undefined}
            onChange={(event) => setComment(event.target.value)} />
          {errors.comment && <p className="field-error">{t(errors.comment)}</p>}
        </div>
        {errors.form && <p className="form-error" role="alert" data-testid="cancel-error">{errors.form}</p>}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close} disabled={cancelling} data-testid="cancel-keep">
            {t('subscription.cancelDialog.keep')}
          </button>
          <button type="submit" className="button button-danger" disabled={cancelling} aria-busy={cancelling || undefined} data-testid="cancel-submit">
            {cancelling ? t('subscription.cancelDialog.cancelling') : t('subscription.cancelDialog.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
