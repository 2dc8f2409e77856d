import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy.js';

describe('parseTrustProxy', () => {
  it('is off when unset, empty or false', () => {
    for (const value of [undefined, '', '  ', 'false', 'FALSE']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('refuses true, which would trust every client', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=true/);
  });

  it('refuses a hop count, which would believe clients that reach the server directly', () => {
    expect(() => parseTrustProxy('1')).toThrow(/not understood: "1"/);
  });

  it('reads a list of addresses, CIDR ranges and named ranges', () => {
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback,')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('names the entries it does not understand', () => {
    expect(() => parseTrustProxy('127.0.0.1,proxy.example.com')).toThrow(/"proxy\.example\.com"/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('10.0.0.0/8/1')).toThrow(/not understood/);
    expect(() => parseTrustProxy('::1/129')).toThrow(/not understood/);
    expect(() => parseTrustProxy(',')).toThrow(/not understood/);
  });
});
