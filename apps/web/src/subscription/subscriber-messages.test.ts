import { describe, expect, it } from 'vitest';
import {
  addSubscriberCheck, addSubscriberMessage, licencesLeft, removeSubscriberMessage, subscriberName, transferMessage,
} from './subscriber-messages.js';

describe('adding a user', () => {
  it('names each refusal of the server with its SPEC message', () => {
    expect(addSubscriberMessage('SUBSCRIBER_UNKNOWN', 'a@b.fr')).toEqual({ key: 'errors.subscriberUnknown' });
    expect(addSubscriberMessage('SUBSCRIBER_HAS_LICENCE', 'a@b.fr')).toEqual({ key: 'errors.subscriberHasLicence' });
    expect(addSubscriberMessage('LICENCES_EXHAUSTED', 'a@b.fr')).toEqual({ key: 'errors.licencesExhausted' });
  });

  it('says which address failed for anything else', () => {
    expect(addSubscriberMessage('INTERNAL', 'a@b.fr')).toEqual({ key: 'billing.subscriberAddError', values: { email: 'a@b.fr' } });
    expect(addSubscriberMessage(undefined, 'a@b.fr')).toEqual({ key: 'billing.subscriberAddError', values: { email: 'a@b.fr' } });
  });

  it('checks the address before sending it, and refuses one no user has', () => {
    expect(addSubscriberCheck('  ')).toEqual({ key: 'validation.required' });
    expect(addSubscriberCheck('not an address')).toEqual({ key: 'validation.email' });
    expect(addSubscriberCheck(' Ada@Example.com ')).toBeNull();
    expect(addSubscriberCheck('ada@example.com', { hasAccount: false })).toEqual({ key: 'errors.subscriberUnknown' });
    // The check could not answer: the server decides.
    expect(addSubscriberCheck('ada@example.com', { hasAccount: null })).toBeNull();
  });
});

describe('removing and handing over', () => {
  it('explains the owner\'s licence, else names the address', () => {
    expect(removeSubscriberMessage('OWNER_LICENCE', 'a@b.fr')).toEqual({ key: 'errors.ownerLicence' });
    expect(removeSubscriberMessage('SUBSCRIBER_NOT_FOUND', 'a@b.fr')).toEqual({ key: 'billing.subscriberRemoveError', values: { email: 'a@b.fr' } });
  });

  it('explains a manual subscription, else the transfer failed', () => {
    expect(transferMessage('MANUAL_SUBSCRIPTION')).toEqual({ key: 'errors.manualSubscription' });
    expect(transferMessage('CONFLICT')).toEqual({ key: 'billing.ownershipTransferError' });
  });
});

describe('the list', () => {
  it('counts the licences left, never below zero', () => {
    expect(licencesLeft({ licences: 3, used: 1 })).toBe(2);
    expect(licencesLeft({ licences: 2, used: 3 })).toBe(0);
  });

  it('names a user by their names, or their e-mail without any', () => {
    expect(subscriberName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(subscriberName({ firstName: '', lastName: '', email: 'ada@example.com' })).toBe('ada@example.com');
  });
});
