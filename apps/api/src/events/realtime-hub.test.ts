import { describe, expect, it } from 'vitest';
import { socketIsDead } from './realtime-hub.js';

describe('a silent socket', () => {
  it('is dropped once it has missed two pings of the production heartbeat', () => {
    expect(socketIsDead(0, 30_000, 30_000)).toBe(false);
    expect(socketIsDead(0, 60_000, 30_000)).toBe(false);
    expect(socketIsDead(0, 60_001, 30_000)).toBe(true);
  });

  it('is given 10 s at least, however short the heartbeat, so a busy server keeps its clients', () => {
    expect(socketIsDead(0, 5_000, 100)).toBe(false);
    expect(socketIsDead(0, 10_000, 100)).toBe(false);
    expect(socketIsDead(0, 10_001, 100)).toBe(true);
  });
});
