import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@catchment/domain';
import { TEST_GIF, testJpeg, testPng } from '../../../../packages/domain/src/organization/test-images.js';
import { checkLogoFile } from './logo-file.js';

const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('checkLogoFile', () => {
  it('accepts a PNG and a JPEG, by their bytes', async () => {
    expect(await checkLogoFile(blob(testPng()))).toEqual({ ok: true, type: 'png' });
    expect(await checkLogoFile(blob(testJpeg()))).toEqual({ ok: true, type: 'jpeg' });
  });

  it('refuses a GIF or any other file as not JPEG or PNG, even a large one', async () => {
    expect(await checkLogoFile(blob(TEST_GIF))).toMatchObject({ ok: false, messageKey: 'errors.logoUnsupportedType' });
    expect(await checkLogoFile(new Blob(['<svg/>']))).toMatchObject({ ok: false, messageKey: 'errors.logoUnsupportedType' });
    const largeGif = new Uint8Array(LOGO_MAX_BYTES + 10);
    largeGif.set(TEST_GIF);
    expect(await checkLogoFile(blob(largeGif))).toMatchObject({ ok: false, messageKey: 'errors.logoUnsupportedType' });
  });

  it('refuses a PNG over 5 MB, naming the limit, and takes one of exactly 5 MB', async () => {
    expect(await checkLogoFile(blob(testPng({ totalBytes: LOGO_MAX_BYTES + 1 })))).toEqual({ ok: false, messageKey: 'errors.logoTooLarge', params: { maxMegabytes: 5 } });
    expect(await checkLogoFile(blob(testPng({ totalBytes: LOGO_MAX_BYTES })))).toEqual({ ok: true, type: 'png' });
  });

  it('refuses a PNG cut short as a file that cannot be set', async () => {
    const png = testPng();
    expect(await checkLogoFile(blob(png.subarray(0, png.length - 30)))).toMatchObject({ ok: false, messageKey: 'errors.logoSetFailed' });
  });
});
