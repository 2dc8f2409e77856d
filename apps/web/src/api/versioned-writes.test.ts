import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, versionedWritesPending } from './client.js';

/** The network boundary: each fetch waits until the test answers it. */
function pendingNetwork() {
  const answers: (() => void)[] = [];
  vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => {
    answers.push(() => resolve(new Response(JSON.stringify({ version: 8 }), { status: 200, headers: { 'content-type': 'application/json' } })));
  }));
  return { answerAll: () => answers.splice(0).forEach((answer) => answer()) };
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('versionedWritesPending', () => {
  it('is true while a write based on a version (body, If-Match or query) waits for its answer, and only then', async () => {
    const network = pendingNetwork();
    const reads = [
      apiRequest('GET', '/v2/maps/4'),
      // A read sent with POST (counts in areas) carries no version.
      apiRequest('POST', '/v2/maps/4/searches/2/count', { polygons: [] }),
    ];
    expect(versionedWritesPending()).toBe(false);
    network.answerAll();
    await Promise.all(reads);

    for (const write of [
      () => apiRequest('PATCH', '/v2/maps/4/folders/f/areas/bulk', { areas: [], version: 7 }),
      () => apiRequest('DELETE', '/v2/maps/4/folders/f', undefined, { headers: { 'If-Match': '7' } }),
      () => apiRequest('DELETE', '/v2/maps/4/searches/2?version=7'),
    ]) {
      const answered = write();
      expect(versionedWritesPending()).toBe(true);
      network.answerAll();
      // Its caller reads the answer (and the version it brings) before the flag drops for anyone else.
      await answered;
      expect(versionedWritesPending()).toBe(false);
    }
  });
});
