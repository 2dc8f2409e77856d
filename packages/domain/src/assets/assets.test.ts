import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '../plans/catalogue.js';
import { ASSET_MAX_BYTES, ASSET_NAME_MAX_LENGTH, ASSET_UPLOAD_FEATURE, assetName, mayUploadAssets } from './assets.js';

describe('assetName', () => {
  it('keeps a plain file name as it is', () => {
    expect(assetName('Façade du magasin.jpg', 'jpeg')).toBe('Façade du magasin.jpg');
  });

  it('drops any folder sent with the name, whichever separator', () => {
    expect(assetName('C:\\Users\\ada\\Pictures\\cover.png', 'png')).toBe('cover.png');
    expect(assetName('photos/2024/store.jpeg', 'jpeg')).toBe('store.jpeg');
  });

  it('removes control characters and makes runs of spaces one', () => {
    expect(assetName('  a\u0000b\tc \n\n d.png  ', 'png')).toBe('ab c d.png');
  });

  it('cuts a long name at whole characters', () => {
    const name = assetName(`${'é'.repeat(150)}${'😀'.repeat(100)}.png`, 'png');
    expect(Array.from(name)).toHaveLength(ASSET_NAME_MAX_LENGTH);
    expect(name.endsWith('😀')).toBe(true);
  });

  it('names a file without a usable name after its type', () => {
    expect(assetName(undefined, 'png')).toBe('image.png');
    expect(assetName('   ', 'jpeg')).toBe('image.jpg');
    expect(assetName('folder/', 'jpeg')).toBe('image.jpg');
  });
});

describe('report images', () => {
  it('have the logo limit of 5 MB', () => {
    expect(ASSET_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('may be added with reports, that is from PRO, and not on the free or ESSENTIAL plans', () => {
    expect(mayUploadAssets(PLAN_CATALOGUE.default.features)).toBe(false);
    expect(mayUploadAssets(PLAN_CATALOGUE.essential_2019.features)).toBe(false);
    expect(mayUploadAssets(PLAN_CATALOGUE.plus_2021.features)).toBe(false);
    expect(mayUploadAssets(PLAN_CATALOGUE.pro_2020.features)).toBe(true);
    expect(mayUploadAssets(PLAN_CATALOGUE.advanced_2024.features)).toBe(true);
  });

  it('count reports of any one country where they are offered', () => {
    for (const country of ['fr', 'us', 'gb', 'be', 'ca']) expect(mayUploadAssets([`reports:${country}`])).toBe(true);
    // No report is offered for Germany's data: reports there alone would be of no use.
    expect(mayUploadAssets(['reports:de'])).toBe(false);
    expect(ASSET_UPLOAD_FEATURE).toBe('reports:fr');
  });
});
