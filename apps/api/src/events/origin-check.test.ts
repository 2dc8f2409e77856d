import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin-check.js';

describe('isAllowedOrigin', () => {
  const publicUrl = 'https://catchment.example.com';

  it('lets in pages of the public address or of the host asked, and clients that are not browsers', () => {
    expect(isAllowedOrigin('https://catchment.example.com', 'internal:3000', publicUrl)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', 'localhost:5173', publicUrl)).toBe(true);
    expect(isAllowedOrigin('http://LOCALHOST:3000', 'localhost:3000', publicUrl)).toBe(true);
    expect(isAllowedOrigin(undefined, 'localhost:3000', publicUrl)).toBe(true);
  });

  it('keeps out pages of other sites', () => {
    expect(isAllowedOrigin('https://evil.example.net', 'catchment.example.com', publicUrl)).toBe(false);
    expect(isAllowedOrigin('https://catchment.example.com.evil.net', 'localhost:3000', publicUrl)).toBe(false);
    expect(isAllowedOrigin('http://localhost:3001', 'localhost:3000', publicUrl)).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:3000', publicUrl)).toBe(false);
    expect(isAllowedOrigin('https://evil.example.net', undefined, publicUrl)).toBe(false);
  });
});
