import { describe, expect, it } from 'vitest';
import { TokenCipher } from './token-cipher.js';

describe('the CRM token cipher', () => {
  it('opens what it sealed, and never stores the token as it is', () => {
    const cipher = new TokenCipher('app-secret');
    const sealed = cipher.seal('access-1234');
    expect(sealed).not.toContain('access-1234');
    expect(cipher.seal('access-1234')).not.toBe(sealed);
    expect(cipher.open(sealed)).toBe('access-1234');
  });

  it('opens nothing under another secret, nor a tampered or foreign value', () => {
    const sealed = new TokenCipher('app-secret').seal('refresh-1');
    expect(new TokenCipher('another-secret').open(sealed)).toBeUndefined();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(new TokenCipher('app-secret').open([version, iv, tag, flipped].join('.'))).toBeUndefined();
    expect(new TokenCipher('app-secret').open('refresh-1')).toBeUndefined();
  });
});
