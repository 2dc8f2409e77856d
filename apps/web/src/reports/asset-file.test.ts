import { describe, expect, it } from 'vitest';
import { ASSET_MAX_BYTES } from '@catchment/domain';
import { TEST_GIF, testJpeg, testPng } from '../../../../packages/domain/src/organization/test-images.js';
import { checkAssetFile } from './asset-file.js';

const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('checkAssetFile', () => {
  it('accepts a PNG and a JPEG by their bytes, up to exactly 5 MB', async () => {
    expect(await checkAssetFile(blob(testPng()))).toEqual({ ok: true, type: 'png' });
    expect(await checkAssetFile(blob(testJpeg()))).toEqual({ ok: true, type: 'jpeg' });
    expect(await checkAssetFile(blob(testPng({ totalBytes: ASSET_MAX_BYTES })))).toEqual({ ok: true, type: 'png' });
  });

  it('refuses what the server refuses, with the message it would give', async () => {
    expect(await checkAssetFile(blob(TEST_GIF))).toEqual({ ok: false, messageKey: 'errors.assetUnsupportedType', params: { maxMegabytes: 5 } });
    expect(await checkAssetFile(blob(testPng({ totalBytes: ASSET_MAX_BYTES + 1 })))).toEqual({ ok: false, messageKey: 'errors.assetTooLarge', params: { maxMegabytes: 5 } });
    const png = testPng();
    expect(await checkAssetFile(blob(png.subarray(0, png.length - 30)))).toMatchObject({ ok: false, messageKey: 'errors.assetUnreadable' });
  });
});
