import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatesIn, FALLBACK_LOCATIONS, locateByIp } from './ip-location.js';

/** A local stand-in for the IP-location service: each path answers its own way. */
let server: http.Server;
let baseUrl: string;
let requests = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests++;
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (request.url === '/lyon') send(200, JSON.stringify({ ip: '192.0.2.1', latitude: 45.76, longitude: 4.84 }));
    // Far past the 500 ms the client waits: a busy machine delays the client's timer, not this answer.
    else if (request.url === '/slow') setTimeout(() => send(200, JSON.stringify({ lat: 1, lon: 1 })), 5000);
    else if (request.url === '/broken') send(200, '<html>');
    else if (request.url === '/down') send(503, '{}');
    else send(200, JSON.stringify({ status: 'fail' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('locateByIp', () => {
  it('reads the coordinates the service answers', async () => {
    expect(await locateByIp({ url: `${baseUrl}/lyon`, locale: 'fr' })).toEqual({ lng: 4.84, lat: 45.76 });
  });

  it('falls back to Paris in French and Washington in English without a service, and asks no one', async () => {
    const before = requests;
    expect(await locateByIp({ url: null, locale: 'fr' })).toEqual(FALLBACK_LOCATIONS.fr);
    expect(await locateByIp({ url: '', locale: 'en' })).toEqual(FALLBACK_LOCATIONS.en);
    expect(requests).toBe(before);
    expect(FALLBACK_LOCATIONS.fr.lat).toBeCloseTo(48.86, 1);
    expect(FALLBACK_LOCATIONS.en.lng).toBeCloseTo(-77.04, 1);
  });

  it('gives up after 500 ms and falls back', async () => {
    const started = Date.now();
    expect(await locateByIp({ url: `${baseUrl}/slow`, locale: 'en' })).toEqual(FALLBACK_LOCATIONS.en);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(4500);
  });

  it('falls back when the service fails or answers no coordinates', async () => {
    for (const path of ['/broken', '/down', '/nothing']) {
      expect(await locateByIp({ url: `${baseUrl}${path}`, locale: 'fr' })).toEqual(FALLBACK_LOCATIONS.fr);
    }
    expect(await locateByIp({ url: 'http://127.0.0.1:1/', locale: 'fr' })).toEqual(FALLBACK_LOCATIONS.fr);
  });
});

describe('coordinatesIn', () => {
  it('understands the usual spellings and refuses values out of range', () => {
    expect(coordinatesIn({ lat: 40.7, lon: -74 })).toEqual({ lng: -74, lat: 40.7 });
    expect(coordinatesIn({ lat: '51.5', lng: '-0.12' })).toEqual({ lng: -0.12, lat: 51.5 });
    expect(coordinatesIn({ location: { latitude: 35.7, longitude: 139.7 } })).toEqual({ lng: 139.7, lat: 35.7 });
    expect(coordinatesIn({ lat: 91, lon: 0 })).toBeUndefined();
    expect(coordinatesIn({ lat: '', lon: '' })).toBeUndefined();
    expect(coordinatesIn('48,2')).toBeUndefined();
    expect(coordinatesIn(null)).toBeUndefined();
  });
});
