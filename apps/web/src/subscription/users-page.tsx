/**
 * /profile/subscription/users: the users of the subscription (SPEC §3 Subscriber, §4: the owner
 * shown Owner, the others Active), the licences bought and used. Its owner adds a registered user
 * by e-mail (SPEC §5: checked with HEAD /Clients/email/{email} first), removes one, hands the
 * ownership over (after which the page is read-only for them: SPEC §6), and buys one more licence
 * at the price per user shown with and without tax. The other users read the list; a user without
 * a subscription is pointed to the plans.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscriber, SubscribersResponse } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { queryKeys } from '../api/query-keys.js';
import { addSubscriber, emailHasAccount, getSubscribers, removeSubscriber, transferOwnership } from '../api/subscribers.js';
import { changeSubscription, getAdditionalUser } from '../api/subscription.js';
import { usePageTitle } from '../app/page-title.js';
import { FormField } from '../auth/form-field.js';
import { useLocale } from '../i18n/index.js';
import { useProfileUser } from '../profile/profile-layout.js';
import { formatMoney } from '../plans/plan-offers.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { useGoToCheckout } from './go-to-checkout.js';
import {
  addSubscriberCheck, addSubscriberMessage, licencesLeft, removeSubscriberMessage, subscriberName, transferMessage, type Message,
} from './subscriber-messages.js';
import './billing-pages.css';

export const subscribersQueryKey = (clientId: number) => ['billing', 'subscribers', clientId] as const;

export function UsersPage() {
  const { t } = useTranslation();
  usePageTitle('titles.subscriptionUsers');
  const user = useProfileUser();
  const clientId = user.id;
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const subscribers = useQuery({
    queryKey: subscribersQueryKey(clientId),
    queryFn: ({ signal }) => getSubscribers(clientId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const noSubscription = subscribers.error instanceof ApiError && subscribers.error.code === 'NO_SUBSCRIPTION';
  const data = subscribers.data;
  const isOwner = data?.subscribers.some((subscriber) => subscriber.id === user.id && subscriber.status === 'admin') ?? false;

  /**
   * A change answered the new list: shown at once, and the subscription's other views refresh. A
   * removal or a transfer takes away the buttons that had the focus: it goes to what happened
   * (`focus`); after an addition it stays in the form, for the next address.
   */
  const changed: OnChanged = (list, message, options = {}) => {
    queryClient.setQueryData(subscribersQueryKey(clientId), list);
    void queryClient.invalidateQueries({ queryKey: ['billing'], predicate: (query) => query.queryKey[1] !== 'subscribers' });
    setNotice(message);
    if (options.focus) requestAnimationFrame(() => noticeRef.current?.focus());
  };

  return (
    <main className="profile-page subscription-child" data-testid="subscription-users-page" aria-label={t('titles.subscriptionUsers')}>
      <p className="muted subscription-child-intro">{t('subscriptionUsers.intro')}</p>
      {subscribers.isPending && <p className="muted">{t('app.loading')}</p>}
      {noSubscription && <NoSubscription />}
      {subscribers.isError && !noSubscription && (
        <div className="form-error billing-load-error" role="alert" data-testid="subscribers-error">
          <p>{t('billing.subscribersError')}</p>
          <button type="button" className="button button-small" onClick={() => void subscribers.refetch()}>{t('app.retry')}</button>
        </div>
      )}
      {notice && <p ref={noticeRef} tabIndex={-1} className="form-success" role="status" data-testid="users-notice">{notice}</p>}
      {data && (
        <>
          <Licences clientId={clientId} list={data} isOwner={isOwner} />
          <section className="profile-section" aria-labelledby="users-list-title">
            <h2 id="users-list-title">{t('subscriptionUsers.list')}</h2>
            {!isOwner && (
              <p className="billing-note" role="note" data-testid="users-read-only">
                {t('subscriptionUsers.readOnly', { owner: ownerName(data) })}
              </p>
            )}
            <ul className="subscriber-list" data-testid="subscriber-list">
              {data.subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber.id} clientId={clientId} subscriber={subscriber} self={subscriber.id === user.id}
                  manageable={isOwner && subscriber.status !== 'admin'} onChanged={changed} />
              ))}
            </ul>
            {isOwner && <AddUserForm clientId={clientId} list={data} onAdded={changed} />}
          </section>
        </>
      )}
    </main>
  );
}

function ownerName(list: SubscribersResponse): string {
  const owner = list.subscribers.find((subscriber) => subscriber.status === 'admin');
  return owner ? subscriberName(owner) : '';
}

/** A user without a subscription: what one gives, and the plans. */
function NoSubscription() {
  const { t } = useTranslation();
  const openPlans = usePlansDialog();
  return (
    <section className="profile-section billing-empty" aria-labelledby="users-free-title" data-testid="users-no-subscription">
      <h2 id="users-free-title" className="billing-empty-title">{t('subscriptionUsers.freeTitle')}</h2>
      <p className="muted">{t('subscriptionUsers.freeText')}</p>
      <button type="button" className="button button-primary" onClick={() => openPlans()} data-testid="users-see-plans">
        {t('subscriptionUsers.seePlans')}
      </button>
    </section>
  );
}

/** The licences bought and used, and for the owner the price of one more and the means to buy it. */
function Licences({ clientId, list, isOwner }: { clientId: number; list: SubscribersResponse; isOwner: boolean }) {
  const { t } = useTranslation();
  const left = licencesLeft(list);
  return (
    <section className="profile-section" aria-labelledby="licences-title" data-testid="licences">
      <h2 id="licences-title">{t('subscriptionUsers.licences')}</h2>
      <div className="licence-count">
        <p className="licence-figures">
          <strong data-testid="licences-used">{t('subscriptionUsers.licencesUsed', { count: list.used, licences: list.licences })}</strong>
          <span className="muted">
            {left > 0 ? t('subscriptionUsers.licencesLeft', { count: left }) : t('subscriptionUsers.allUsed')}
          </span>
        </p>
        <meter className="licence-meter" min={0} max={Math.max(list.licences, list.used)} value={list.used}
          aria-label={t('subscriptionUsers.licencesUsed', { count: list.used, licences: list.licences })} />
      </div>
      {isOwner && <BuyLicence clientId={clientId} list={list} />}
    </section>
  );
}

function BuyLicence({ clientId, list }: { clientId: number; list: SubscribersResponse }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const goToCheckout = useGoToCheckout();
  const price = useQuery({
    queryKey: queryKeys.additionalUser(clientId, locale),
    queryFn: ({ signal }) => getAdditionalUser(clientId, signal),
  });
  if (price.isPending) return null;
  const subscription = price.data?.subscription;
  if (!price.data || !subscription) {
    return <p className="form-error" role="alert" data-testid="additional-user-error">{t('billing.additionalUserError')}</p>;
  }
  const money = (cents: number) => formatMoney(cents, price.data.currency, locale);

  const buy = async () => {
    setPending(true);
    setMessage(null);
    try {
      const answer = await changeSubscription(clientId, { product: subscription.product, period: subscription.period, licences: list.licences + 1 });
      if (answer.checkout) {
        goToCheckout(answer.checkout.url);
        return;
      }
      setPending(false);
    } catch (error) {
      setPending(false);
      setMessage(error instanceof ApiError ? error.message : t('billing.subscriptionRefreshError'));
    }
  };

  return (
    <div className="licence-buy" data-testid="buy-licence">
      <div className="licence-price">
        <p className="licence-price-title">{t('subscriptionUsers.buyTitle')}</p>
        <p>
          <strong data-testid="additional-user-price">{money(subscription.perUserMonthly.excludingTax)}</strong>{' '}
          {t('subscriptionUsers.perUserPerMonthExcludingTax')}
        </p>
        <p className="muted" data-testid="additional-user-price-with-tax">
          {t('subscriptionUsers.withTax', { amount: money(subscription.perUserMonthly.includingTax) })}
        </p>
        {subscription.period === 'yearly' && (
          <p className="muted">{t('subscriptionUsers.billedYearly', { amount: money(subscription.perUserPerPeriod.excludingTax) })}</p>
        )}
      </div>
      <button type="button" className="button" disabled={pending} onClick={buy} data-testid="buy-licence-button">
        {pending ? t('subscriptionUsers.buying') : t('subscriptionUsers.buy')}
      </button>
      {message && <p className="form-error licence-buy-error" role="alert">{message}</p>}
    </div>
  );
}

type OnChanged = (list: SubscribersResponse, message: string, options?: { focus?: boolean }) => void;

interface RowProps {
  clientId: number;
  subscriber: Subscriber;
  self: boolean;
  /** The owner sees Remove and Make owner on the other users' rows. */
  manageable: boolean;
  onChanged: OnChanged;
}

function SubscriberRow({ clientId, subscriber, self, manageable, onChanged }: RowProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<'remove' | 'transfer' | null>(null);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const questionId = useId();
  const name = subscriberName(subscriber);
  const triggers = useRef<HTMLDivElement>(null);

  /** Back to the list, the focus on the button that asked. */
  const close = () => {
    const asked = confirming === 'remove' ? 'subscriber-remove' : 'subscriber-make-owner';
    setConfirming(null);
    setMessage(null);
    requestAnimationFrame(() => triggers.current?.querySelector<HTMLElement>(`[data-testid="${asked}"]`)?.focus());
  };

  const confirm = async () => {
    setPending(true);
    setMessage(null);
    try {
      if (confirming === 'remove') {
        onChanged(await removeSubscriber(clientId, subscriber.email), t('subscriptionUsers.removed', { email: subscriber.email }), { focus: true });
      } else {
        onChanged(await transferOwnership(clientId, subscriber.email), t('subscriptionUsers.transferred', { name }), { focus: true });
      }
      setConfirming(null);
      setPending(false);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setMessage(confirming === 'remove' ? removeSubscriberMessage(code, subscriber.email) : transferMessage(code));
      setPending(false);
    }
  };

  return (
    <li className="subscriber" data-testid="subscriber" data-email={subscriber.email} data-status={subscriber.status}>
      <div className="subscriber-main">
        <div className="subscriber-identity">
          <span className="subscriber-name">
            {name}
            {self && <span className="muted"> ({t('subscriptionUsers.you')})</span>}
          </span>
          <span className="subscriber-email muted">{subscriber.email}</span>
        </div>
        <span className={`status-pill ${subscriber.status === 'admin' ? 'status-owner' : 'status-success'}`} data-testid="subscriber-status">
          {t(`billing.subscriberStatus.${subscriber.status}`)}
        </span>
        {manageable && !confirming && (
          <div className="subscriber-actions" ref={triggers}>
            <button type="button" className="button button-small" onClick={() => setConfirming('transfer')}
              aria-label={t('subscriptionUsers.makeOwnerNamed', { name })} data-testid="subscriber-make-owner">
              {t('subscriptionUsers.makeOwner')}
            </button>
            <button type="button" className="button button-small button-danger-ghost" onClick={() => setConfirming('remove')}
              aria-label={t('subscriptionUsers.removeNamed', { name })} data-testid="subscriber-remove">
              {t('subscriptionUsers.remove')}
            </button>
          </div>
        )}
      </div>
      {confirming && (
        <div className={`inline-panel${confirming === 'remove' ? ' inline-panel-danger' : ''}`} role="group" aria-labelledby={questionId}
          data-testid={`subscriber-${confirming}-confirmation`}
          onKeyDown={(event) => { if (event.key === 'Escape' && !pending) close(); }}>
          <p id={questionId}>
            {confirming === 'remove'
              ? t('subscriptionUsers.removeConfirm', { name })
              : t('subscriptionUsers.transferConfirm', { name })}
          </p>
          {message && <p className="form-error" role="alert">{t(message.key, message.values)}</p>}
          <div className="inline-panel-actions">
            <button type="button" className={`button ${confirming === 'remove' ? 'button-danger' : 'button-primary'}`} autoFocus disabled={pending}
              onClick={confirm} data-testid="subscriber-confirm">
              {confirming === 'remove' ? t('subscriptionUsers.removeConfirmButton') : t('subscriptionUsers.transferConfirmButton')}
            </button>
            <button type="button" className="button" disabled={pending} onClick={close}>{t('app.cancel')}</button>
          </div>
        </div>
      )}
    </li>
  );
}

/** The owner's form: an e-mail, checked (format, then a registered user), then given a licence. */
function AddUserForm({ clientId, list, onAdded }: { clientId: number; list: SubscribersResponse; onAdded: OnChanged }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const fail = (message: Message) => {
    setError(message);
    requestAnimationFrame(() => input.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const invalid = addSubscriberCheck(address);
    if (invalid) {
      fail(invalid);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const unknown = addSubscriberCheck(address, { hasAccount: await emailHasAccount(address) });
      if (unknown) {
        fail(unknown);
        return;
      }
      onAdded(await addSubscriber(clientId, address), t('subscriptionUsers.added', { email: address }));
      setEmail('');
    } catch (failure) {
      fail(addSubscriberMessage(failure instanceof ApiError ? failure.code : undefined, address));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="add-subscriber" onSubmit={submit} noValidate aria-labelledby="add-user-title" data-testid="add-subscriber-form">
      <h3 id="add-user-title">{t('subscriptionUsers.add')}</h3>
      <div className="add-subscriber-row">
        <FormField ref={input} label={t('subscriptionUsers.email')} name="email" type="email" autoComplete="off" inputMode="email"
          value={email} onChange={(event) => { setEmail(event.target.value); setError(null); }}
          hint={licencesLeft(list) > 0 ? t('subscriptionUsers.addHint') : t('subscriptionUsers.noLicenceLeft')}
          error={error ? t(error.key, error.values) : undefined} data-testid="add-subscriber-email" />
        <button type="submit" className="button button-primary" disabled={pending} data-testid="add-subscriber-submit">
          {pending ? t('subscriptionUsers.adding') : t('subscriptionUsers.addButton')}
        </button>
      </div>
    </form>
  );
}
