import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GTFS_FEEDS } from '../test-support/fixtures.js';
import { readCsv } from './gtfs-csv.js';
import { parseGtfsDate, parseGtfsTime, readGtfs } from './read-gtfs.js';

async function rows(chunks: string[]): Promise<string[][]> {
  const out: string[][] = [];
  await readCsv(Readable.from(chunks), (header) => out.push([...header]), (fields) => out.push([...fields]));
  return out;
}

describe('GTFS text files', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, a byte-order mark and CRLF line ends', async () => {
    expect(await rows(['\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n', '2,"two\nlines",\r\n\r\n'])).toEqual([
      ['a', 'b', 'c'], ['1', 'x, y', 'say "hi"'], ['2', 'two\nlines', ''],
    ]);
  });

  it('gives the same rows whatever the chunks are cut at, a doubled quote split between two included', async () => {
    const text = 'id,name\n1,"a ""b"", c"\n2,plain';
    const whole = await rows([text]);
    for (let cut = 1; cut < text.length; cut++) expect(await rows([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    expect(whole).toEqual([['id', 'name'], ['1', 'a "b", c'], ['2', 'plain']]);
  });

  it('reads times past midnight and dates', () => {
    expect(parseGtfsTime('08:05:30')).toBe(8 * 3600 + 5 * 60 + 30);
    expect(parseGtfsTime('25:10:00')).toBe(25 * 3600 + 600);
    expect(parseGtfsTime('')).toBe(-1);
    expect(() => parseGtfsTime('8h05')).toThrow('not a GTFS time');
    expect(new Date(parseGtfsDate('20161122') * 86_400_000).toISOString()).toBe('2016-11-22T00:00:00.000Z');
  });
});

describe('readGtfs', () => {
  it('reads every stop, route, trip, stop time and service of the Heidelberg lines 22 and 33 feed (zip)', async () => {
    const feed = await readGtfs(GTFS_FEEDS.heidelbergLines22And33);
    expect(feed.timezone).toBe('Europe/Berlin');
    expect(feed.agencies).toEqual(['Rhein-Neckar-Verkehr GmbH (rnv)']);
    expect(feed.stops.ids).toHaveLength(150);
    expect(feed.routeIds).toEqual(['22', '33']);
    // Extended route types: 900 tram, 704 local bus.
    expect(feed.routeTypes).toEqual([900, 704]);
    expect(feed.trips.ids).toHaveLength(905);
    expect(feed.stopTimes.trip).toHaveLength(26_889);
    // 13 services of calendar.txt, 5 defined by calendar_dates.txt alone.
    expect(feed.services.ids).toHaveLength(18);
    expect(Array.from(feed.services.start).filter((day) => day >= 0)).toHaveLength(13);
    expect(feed.services.exceptions).toHaveLength(49);
    expect(feed.frequencies).toHaveLength(0);
    const bismarckplatz = feed.stops.names.indexOf('Bismarckplatz');
    expect(bismarckplatz).toBeGreaterThanOrEqual(0);
    expect(feed.stops.lon[bismarckplatz]).toBeCloseTo(8.694, 2);
  });

  it('refuses a folder that is not a feed, naming the missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtfs-'));
    writeFileSync(join(dir, 'agency.txt'), 'agency_name,agency_timezone\nA,Europe/Paris\n');
    await expect(readGtfs(dir)).rejects.toThrow('stops.txt is missing');
  });
});
