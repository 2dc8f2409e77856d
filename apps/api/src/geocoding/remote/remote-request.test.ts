import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NominatimGeocoder } from './nominatim.geocoder.js';
import { retryAfter } from './remote-request.js';
import { startLocalService } from './test-support/local-service.js';

describe('remote geocoding requests', () => {
  it('report a service that cannot be reached on every row, without throwing', async () => {
    // A port that was just free: nothing listens there any more.
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const results = await new NominatimGeocoder({ baseUrl: `http://127.0.0.1:${port}` }).geocode([{ line: 'a' }, { line: 'b' }]);
    expect(results).toEqual(Array.from({ length: 2 }, () => ({ precision: null, failure: { code: 'unavailable', message: 'Nominatim could not be reached: ECONNREFUSED' } })));
  });

  it('stop when the caller aborts, and reject with its reason', async () => {
    const controller = new AbortController();
    // The caller leaves while the service works on the first row (a timer could fire before the
    // request arrives on a loaded machine).
    const service = await startLocalService(() => {
      controller.abort(new Error('import cancelled'));
      return { delayMs: 200, body: [] };
    });
    try {
      const answer = new NominatimGeocoder({ baseUrl: service.baseUrl, concurrency: 1 }).geocode([{ line: 'a' }, { line: 'b' }], { signal: controller.signal });
      await expect(answer).rejects.toThrow('import cancelled');
      expect(service.received).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  it('read Retry-After as seconds or as a date', () => {
    expect(retryAfter('120')).toBe(120);
    expect(retryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(retryAfter(null)).toBeUndefined();
    expect(retryAfter('soon')).toBeUndefined();
  });
});
