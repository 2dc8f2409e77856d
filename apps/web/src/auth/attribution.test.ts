import { describe, expect, it } from 'vitest';
import { attributionOf, mergeAttribution } from './attribution.js';

const APP = 'https://catchment.example.com';

describe('attributionOf', () => {
  it('reads the page, the campaign and another site that linked here', () => {
    expect(attributionOf({
      url: `${APP}/app/map/Ab3?utm_source=newsletter&utm_medium=email&utm_campaign=spring`,
      referrer: 'https://www.search.example/?q=catchment+area',
    })).toEqual({
      firstPageSeen: '/app/map/Ab3?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
      referrer: 'https://www.search.example/?q=catchment+area',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
    });
  });

  it('does not count the app itself or a broken address as a referrer, and clips long values', () => {
    expect(attributionOf({ url: `${APP}/app/signup`, referrer: `${APP}/app/` }).referrer).toBeUndefined();
    expect(attributionOf({ url: `${APP}/app/signup`, referrer: 'not a url' }).referrer).toBeUndefined();
    expect(attributionOf({ url: `${APP}/app/?utm_source=${'x'.repeat(300)}`, referrer: '' }).utmSource).toHaveLength(200);
  });
});

describe('mergeAttribution', () => {
  const first = { firstPageSeen: '/app/', referrer: 'https://blog.example/post' };

  it('keeps the first visit and takes the first campaign named', () => {
    const later = attributionOf({ url: `${APP}/app/signup?utm_source=ads&utm_campaign=june`, referrer: '' });
    expect(mergeAttribution(first, later)).toEqual({ ...first, utmSource: 'ads', utmCampaign: 'june' });
    const withCampaign = mergeAttribution(first, later);
    const third = attributionOf({ url: `${APP}/app/?utm_source=other`, referrer: 'https://elsewhere.example/' });
    expect(mergeAttribution(withCampaign, third)).toEqual(withCampaign);
  });

  it('starts from the landing when nothing was kept', () => {
    expect(mergeAttribution(null, attributionOf({ url: `${APP}/app/login`, referrer: '' }))).toEqual({ firstPageSeen: '/app/login' });
  });
});
