import { describe, expect, it } from 'vitest';
import { checkLogoImage } from './logo-image.js';
import { base64DecodedLength, LOGO_MAX_BASE64_LENGTH, LOGO_MAX_BYTES, logoTypeOfExtension } from './organization.js';
import { TEST_GIF, testJpeg, testPng } from './test-images.js';

const ascii = (text: string) => new Uint8Array([...text].map((character) => character.charCodeAt(0)));

describe('checkLogoImage', () => {
  it('reads the type and size of real PNGs and JPEGs', () => {
    expect(checkLogoImage(testPng({ widthPixels: 40, heightPixels: 10 }))).toEqual({ valid: true, type: 'png', widthPixels: 40, heightPixels: 10 });
    expect(checkLogoImage(testJpeg(24, 16))).toEqual({ valid: true, type: 'jpeg', widthPixels: 24, heightPixels: 16 });
  });

  it('refuses other formats, whatever the file is called', () => {
    expect(checkLogoImage(TEST_GIF)).toEqual({ valid: false, reason: 'unsupportedType' });
    expect(checkLogoImage(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ valid: false, reason: 'unsupportedType' });
    expect(checkLogoImage(ascii('not a picture at all'))).toEqual({ valid: false, reason: 'unsupportedType' });
    expect(checkLogoImage(new Uint8Array(0))).toEqual({ valid: false, reason: 'unsupportedType' });
  });

  it('refuses a PNG cut short, without IEND, without image data or of no pixels', () => {
    const png = testPng();
    expect(checkLogoImage(png.subarray(0, png.length - 20))).toEqual({ valid: false, reason: 'unreadable' });
    expect(checkLogoImage(png.subarray(0, png.length - 12))).toEqual({ valid: false, reason: 'unreadable' });
    expect(checkLogoImage(png.subarray(0, 8))).toEqual({ valid: false, reason: 'unreadable' });
    const noPixels = png.slice();
    noPixels.set([0, 0, 0, 0], 16);
    expect(checkLogoImage(noPixels)).toEqual({ valid: false, reason: 'unreadable' });
    const header = png.subarray(0, 33);
    const end = png.subarray(png.length - 12);
    expect(checkLogoImage(new Uint8Array([...header, ...end]))).toEqual({ valid: false, reason: 'unreadable' });
  });

  it('refuses a JPEG cut before its scan, or without a frame header', () => {
    const jpeg = testJpeg();
    const scanAt = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xda);
    expect(checkLogoImage(jpeg.subarray(0, scanAt + 3))).toEqual({ valid: false, reason: 'unreadable' });
    expect(checkLogoImage(jpeg.subarray(0, 30))).toEqual({ valid: false, reason: 'unreadable' });
    expect(checkLogoImage(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toEqual({ valid: false, reason: 'unreadable' });
    const frameAt = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    const withoutFrame = jpeg.slice();
    withoutFrame[frameAt + 1] = 0xe1;
    expect(checkLogoImage(withoutFrame)).toEqual({ valid: false, reason: 'unreadable' });
  });

  it('pads a PNG to an exact size that still reads', () => {
    const png = testPng({ totalBytes: 10_000 });
    expect(png.length).toBe(10_000);
    expect(checkLogoImage(png)).toMatchObject({ valid: true, type: 'png' });
  });
});

describe('logo limits', () => {
  it('knows the extensions of JPEG and PNG only', () => {
    expect(['png', '.PNG', 'jpg', 'JPEG', ' jpe'].map(logoTypeOfExtension)).toEqual(['png', 'png', 'jpeg', 'jpeg', 'jpeg']);
    expect(['gif', 'svg', 'webp', '', 'png.exe'].map(logoTypeOfExtension)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('measures base64 without decoding it, up to the 5 MB limit exactly', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 1000]) {
      const text = Buffer.from(new Uint8Array(length)).toString('base64');
      expect(base64DecodedLength(text)).toBe(length);
    }
    expect(LOGO_MAX_BYTES).toBe(5 * 1024 * 1024);
    const largest = Buffer.alloc(LOGO_MAX_BYTES).toString('base64');
    expect(largest.length).toBe(LOGO_MAX_BASE64_LENGTH);
    expect(base64DecodedLength(largest)).toBe(LOGO_MAX_BYTES);
  });
});
