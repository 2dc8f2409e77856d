import { describe, expect, it } from 'vitest';
import { newerBuildServed } from './build-version.js';

describe('the new-version check', () => {
  it('sees a newer build when the served one differs from the running one', () => {
    expect(newerBuildServed('abc-1', { build: 'abc-2' })).toBe(true);
    expect(newerBuildServed('abc-1', { build: 'abc-1' })).toBe(false);
  });

  it('sees none without a running build (development, tests) or without a readable file', () => {
    expect(newerBuildServed(undefined, { build: 'abc-2' })).toBe(false);
    expect(newerBuildServed('abc-1', null)).toBe(false);
    expect(newerBuildServed('abc-1', { build: '' })).toBe(false);
    expect(newerBuildServed('abc-1', { version: 2 })).toBe(false);
    expect(newerBuildServed('abc-1', '<!doctype html>')).toBe(false);
  });
});
