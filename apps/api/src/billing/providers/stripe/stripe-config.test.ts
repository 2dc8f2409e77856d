import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';

const keys = { STRIPE_SECRET_KEY: 'sk_test_51abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('BILLING_PROVIDER=stripe', () => {
  it('reads both keys', () => {
    expect(loadConfig({ BILLING_PROVIDER: 'stripe', ...keys }).stripe).toEqual({ secretKey: 'sk_test_51abc', webhookSecret: 'whsec_abc' });
    expect(loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'rk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_y' }).stripe?.secretKey).toBe('rk_live_x');
  });

  it('refuses to start without a key, naming the missing ones', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrow('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow('needs STRIPE_WEBHOOK_SECRET (see docs/billing.md)');
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: '  ', STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow('needs STRIPE_WEBHOOK_SECRET');
  });

  it('refuses a publishable key or a webhook secret of another kind', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', ...keys, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow('STRIPE_SECRET_KEY must be a Stripe secret or restricted API key');
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', ...keys, STRIPE_WEBHOOK_SECRET: 'sk_test_abc' })).toThrow('STRIPE_WEBHOOK_SECRET must be the signing secret');
  });

  it('needs no Stripe key for the other providers', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ BILLING_PROVIDER: 'local', STRIPE_SECRET_KEY: 'anything' }).stripe).toBeUndefined();
  });
});
