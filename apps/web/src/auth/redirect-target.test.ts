import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.js';

describe('redirectTarget', () => {
  it('keeps in-app paths with their query', () => {
    expect(redirectTarget('/map/Ab3_x-9')).toBe('/map/Ab3_x-9');
    expect(redirectTarget('/profile?tab=1')).toBe('/profile?tab=1');
    expect(redirectTarget('/verify-email?emailChange=abc')).toBe('/verify-email?emailChange=abc');
  });

  it('refuses other sites and loops back to the auth pages', () => {
    expect(redirectTarget('https://evil.example')).toBe('/');
    expect(redirectTarget('//evil.example/x')).toBe('/');
    expect(redirectTarget('/\\evil.example')).toBe('/');
    expect(redirectTarget('/login?redirect=/x')).toBe('/');
    expect(redirectTarget('/signup')).toBe('/');
    expect(redirectTarget('/resetpassword?token=abc')).toBe('/');
    expect(redirectTarget('/forgotpassword')).toBe('/');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });
});
