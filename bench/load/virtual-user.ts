/**
 * One simulated user of the web app. It signs up (or logs in if the address is taken), then until
 * the run ends repeats what a user building maps does: the app's page load (who am I, my maps: two
 * requests at once, on fresh connections every other time, as a browser opening a new tab),
 * create a map, add a layer, draw an area in it, read the map back; with a short pause between
 * steps. Each user comes from its own address (X-Forwarded-For, which the server trusts), as 200
 * real users would, so the per-address rate limits of sign-up and log-in apply to each alone.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { timedRequest, type RequestSpec, type Response, type Sample } from './http-client.js';

export interface UserPlan {
  index: number;
  origin: string;
  /** Distinguishes this run's accounts from an earlier run's on the same database. */
  runId: string;
  startAt: number;
  endAt: number;
  /** Upper bound of the random pause after each step, in ms. */
  thinkMs: number;
  random: () => number;
  record: (sample: Sample) => void;
}

const PASSWORD = 'load test password';

/** A square of about 1 km somewhere in France, different for every area. */
function square(random: () => number) {
  const lng = -1 + random() * 8;
  const lat = 43 + random() * 6;
  const side = 0.01;
  return { type: 'Polygon', coordinates: [[[lng, lat], [lng + side, lat], [lng + side, lat + side], [lng, lat + side], [lng, lat]]] };
}

export async function runUser(plan: UserPlan): Promise<void> {
  // A browser keeps up to 6 connections per host alive.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const address = `10.${(plan.index >> 8) & 255}.${plan.index & 255}.${1 + (plan.index >> 16)}`;
  let cookie = '';
  const send = async (spec: Omit<RequestSpec, 'origin' | 'agent' | 'headers'> & { fresh?: boolean }): Promise<Response | undefined> => {
    const response = await timedRequest({
      ...spec, origin: plan.origin, agent: spec.fresh ? 'fresh' : agent,
      headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    }, plan.record);
    const session = response?.cookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('session='));
    if (session) cookie = session;
    return response;
  };
  const think = () => sleep(plan.random() * plan.thinkMs);

  try {
    await sleep(Math.max(0, plan.startAt - Date.now()));
    const email = `load-${plan.runId}-${plan.index}@example.com`;
    const signup = await send({
      kind: 'sign up', method: 'POST', path: '/api/Clients', fresh: true,
      body: { email, password: PASSWORD, firstName: 'Load', lastName: `User ${plan.index}`, acceptTerms: true },
    });
    if (signup?.status === 409) await send({ kind: 'log in', method: 'POST', path: '/api/auth/login', fresh: true, body: { email, password: PASSWORD } });
    if (!cookie) return; // the failure is in the samples
    for (let round = 0; Date.now() < plan.endAt; round++) {
      const fresh = round % 2 === 0;
      await Promise.all([
        send({ kind: 'me', method: 'GET', path: '/api/auth/me', fresh }),
        send({ kind: 'list maps', method: 'GET', path: '/api/v2/maps?sortBy=-updatedAt&limit=20', fresh }),
      ]);
      await think();
      if (Date.now() >= plan.endAt) break;
      const map = await send({ kind: 'create map', method: 'POST', path: '/api/v2/maps', body: { title: `Load ${round}` } });
      if (map?.status !== 201) { await think(); continue; }
      const mapId = (JSON.parse(map.body) as { id: number }).id;
      const folderId = randomUUID();
      await think();
      const folder = await send({ kind: 'add layer', method: 'PUT', path: `/api/v2/maps/${mapId}/folders/${folderId}`, body: { label: 'Layer' } });
      if (folder?.status !== 201) continue;
      await think();
      await send({
        kind: 'add area', method: 'POST', path: `/api/v2/maps/${mapId}/folders/${folderId}/areas/bulk`,
        body: { areas: [{ uuid: randomUUID(), isoMode: 'polygon', geometry: square(plan.random) }] },
      });
      await think();
      await send({ kind: 'read map', method: 'GET', path: `/api/v2/maps/${mapId}` });
      await think();
    }
  } finally {
    agent.destroy();
  }
}
