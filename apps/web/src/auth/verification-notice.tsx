/**
 * Telling a user whose e-mail address is not confirmed yet: a notice after sign-up ("check your
 * inbox", with a resend), and a banner on the profile until the link is followed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendVerificationEmail } from '../api/account.js';
import { ApiError } from '../api/client.js';
import { useToasts } from '../app/toasts.js';

/** Sends the link again and says how it went, as a toast. */
function useResend(): () => Promise<boolean> {
  const { t } = useTranslation();
  const toasts = useToasts();
  return async () => {
    try {
      await resendVerificationEmail();
      toasts.show({ message: t('account.verification.resent'), tone: 'success', testId: 'verification-resent' });
      return true;
    } catch (error) {
      toasts.show({ message: error instanceof ApiError ? error.message : t('map.unknownError'), tone: 'error' });
      return false;
    }
  };
}

/** The notice shown once an account is created: it stays until the user closes it or asks for a new link. */
export function useVerificationNotice(): (email: string) => void {
  const { t } = useTranslation();
  const toasts = useToasts();
  const resend = useResend();
  return (email) => {
    toasts.show({
      message: t('account.verification.checkInbox', { email }),
      action: { label: t('account.verification.resend'), onClick: () => { void resend(); } },
      durationMs: 0,
      testId: 'check-inbox-notice',
    });
  };
}

/** The profile's banner while the address is not confirmed. */
export function EmailNotVerifiedBanner({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResend();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  return (
    <div className="banner account-banner" role="region" aria-label={t('account.verification.notVerifiedTitle')} data-testid="email-not-verified">
      <div className="banner-text">
        <strong>{t('account.verification.notVerifiedTitle')}</strong>
        <span>{state === 'sent' ? t('account.verification.resentTo', { email }) : t('account.verification.notVerifiedText', { email })}</span>
      </div>
      <div className="banner-actions">
        <button type="button" className="button button-small" data-testid="resend-verification" disabled={state === 'sending'}
          onClick={async () => { setState('sending'); setState(await resend() ? 'sent' : 'idle'); }}>
          {state === 'sending' ? t('account.sending') : t('account.verification.resend')}
        </button>
      </div>
    </div>
  );
}
