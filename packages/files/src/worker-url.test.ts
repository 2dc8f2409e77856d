import { describe, expect, it } from 'vitest';
import { workerUrl } from './worker-url.js';

describe('workerUrl', () => {
  it('points at the tsx shim beside a TypeScript caller', () => {
    expect(workerUrl('file:///app/src/compute/compute-pool.ts', 'compute-worker').href)
      .toBe('file:///app/src/compute/compute-worker.mjs');
  });

  it('points at the compiled worker beside a bundle', () => {
    expect(workerUrl('file:///app/dist/main.js', 'compute-worker').href).toBe('file:///app/dist/compute-worker.js');
  });
});
