import { describe, expect, it } from 'vitest';
import { appPathOf } from './payment-links.js';

const origin = 'https://maps.example.com';

describe('appPathOf', () => {
  it('turns a path of the app into a path for the router', () => {
    expect(appPathOf('/app/payment/pro_2020?checkout=cs_test_abc', origin)).toBe('/payment/pro_2020?checkout=cs_test_abc');
    expect(appPathOf('/app/paymentSuccess?product=pro_2020&checkout=cs_test_abc', origin)).toBe('/paymentSuccess?product=pro_2020&checkout=cs_test_abc');
    expect(appPathOf('https://maps.example.com/app/profile/subscription', origin)).toBe('/profile/subscription');
    expect(appPathOf('/app', origin)).toBe('/');
  });

  it('leaves a provider\'s page and the rest of the site to the browser', () => {
    expect(appPathOf('https://checkout.stripe.com/c/pay/cs_live_123', origin)).toBeNull();
    expect(appPathOf('/application/payment', origin)).toBeNull();
    expect(appPathOf('/api/billing/checkouts/x', origin)).toBeNull();
    expect(appPathOf('//evil.example.org/app/payment', origin)).toBeNull();
  });
});
