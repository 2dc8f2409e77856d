/**
 * What the users page says when adding, removing or handing over a user fails (SPEC §5, §8): the
 * catalogue key of the message for the server's error code, with its values. The messages of the
 * add form show under its e-mail field.
 */
import { subscriberBody } from '@catchment/domain';

export interface Message { key: string; values?: Record<string, string | number> }

/** Error codes of POST /Clients/{id}/subscribers and the SPEC's message each one shows. */
const ADD_MESSAGES: Record<string, string> = {
  SUBSCRIBER_UNKNOWN: 'errors.subscriberUnknown',
  SUBSCRIBER_HAS_LICENCE: 'errors.subscriberHasLicence',
  LICENCES_EXHAUSTED: 'errors.licencesExhausted',
  NOT_SUBSCRIPTION_OWNER: 'errors.notSubscriptionOwner',
};

/** The message for a failed add; any other failure is "Error while adding {email}". */
export function addSubscriberMessage(code: string | undefined, email: string): Message {
  const key = code ? ADD_MESSAGES[code] : undefined;
  return key ? { key } : { key: 'billing.subscriberAddError', values: { email } };
}

/** The message before anything is sent: an empty or malformed address, or one no user has (HEAD answered 404). */
export function addSubscriberCheck(email: string, options: { hasAccount?: boolean | null } = {}): Message | null {
  if (email.trim() === '') return { key: 'validation.required' };
  const checked = subscriberBody.safeParse({ email: email.trim() });
  if (!checked.success) return { key: checked.error.issues[0]?.message ?? 'validation.email' };
  if (options.hasAccount === false) return { key: 'errors.subscriberUnknown' };
  return null;
}

/** A failed removal: the owner's own licence has its reason, anything else "Error while removing {email}". */
export function removeSubscriberMessage(code: string | undefined, email: string): Message {
  if (code === 'OWNER_LICENCE') return { key: 'errors.ownerLicence' };
  return { key: 'billing.subscriberRemoveError', values: { email } };
}

/** A failed transfer: a manual subscription says so, anything else "The ownership could not be transferred". */
export function transferMessage(code: string | undefined): Message {
  if (code === 'MANUAL_SUBSCRIPTION') return { key: 'errors.manualSubscription' };
  return { key: 'billing.ownershipTransferError' };
}

/** Licences left to give; never below zero (a plan change may leave more users than licences until renewal). */
export function licencesLeft(counts: { licences: number; used: number }): number {
  return Math.max(0, counts.licences - counts.used);
}

/** A user's name as the list shows it: first and last name, or the e-mail when they gave none. */
export function subscriberName(subscriber: { firstName: string; lastName: string; email: string }): string {
  return `${subscriber.firstName} ${subscriber.lastName}`.trim() || subscriber.email;
}
