import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { PoiCatalogue } from '@catchment/domain';
import { businessCountCurl, businessCountExampleFor, shellQuote } from './app-key-curl.js';

const catalogue = (name: string, positioned: number, bbox: PoiCatalogue['bbox']): PoiCatalogue =>
  ({ name, country: name.slice(0, 2), source: 'osm', items: positioned, positioned, bbox });

const KEY = `demo_${'a1B2_-'.repeat(5)}xy`;

describe('businessCountExampleFor', () => {
  it('counts restaurants in a square at the centre of the catalogue with the most positioned items', () => {
    const example = businessCountExampleFor([
      catalogue('be_osm_poi', 10, [4, 50, 5, 51]),
      catalogue('ad_osm_poi', 900, [1.4, 42.35, 1.8, 42.75]),
      catalogue('fr_institutions', 5000, null),
    ]);
    expect(example).toEqual({
      datasetName: 'ad_osm_poi',
      categories: ['food.restaurant'],
      // A quarter of the extent wide at most: 0.05° either side of (1.6, 42.55).
      polygon: { type: 'Polygon', coordinates: [[[1.55, 42.5], [1.65, 42.5], [1.65, 42.6], [1.55, 42.6], [1.55, 42.5]]] },
    });
  });

  it('keeps a small catalogue\'s square inside its extent', () => {
    const ring = businessCountExampleFor([catalogue('mc_osm_poi', 40, [7.40, 43.72, 7.44, 43.76])]).polygon.coordinates[0]!;
    expect(ring).toEqual([[7.415, 43.735], [7.425, 43.735], [7.425, 43.745], [7.415, 43.745], [7.415, 43.735]]);
  });

  it('falls back to central Paris in the French OpenStreetMap catalogue when the server has none with positions', () => {
    const example = businessCountExampleFor([catalogue('fr_institutions', 0, [2, 48, 3, 49])]);
    expect(example.datasetName).toBe('fr_osm_poi');
    expect(example.polygon.coordinates[0]![0]).toEqual([2.337, 48.8485]);
  });
});

describe('shellQuote', () => {
  it('quotes a single quote so that the shell reads the text back unchanged', () => {
    const text = `it's {"a": "$HOME \\n"} \`date\``;
    expect(shellQuote(text)).toBe(`'it'\\''s {"a": "$HOME \\n"} \`date\`'`);
    expect(execFileSync('sh', ['-c', `printf '%s' ${shellQuote(text)}`]).toString()).toBe(text);
  });
});

describe('businessCountCurl', () => {
  const example = businessCountExampleFor([catalogue('ad_osm_poi', 900, [1.4, 42.35, 1.8, 42.75])]);

  it('posts the search and the polygon as JSON to the key\'s business count on the origin', () => {
    expect(businessCountCurl('https://app.example/', KEY, example)).toBe([
      `curl -X POST 'https://app.example/api/Appkeys/${KEY}/business' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '{"search":{"datasetName":"ad_osm_poi","categories":["food.restaurant"]},"polygons":[{"type":"Polygon","coordinates":[[[1.55,42.5],[1.65,42.5],[1.65,42.6],[1.55,42.6],[1.55,42.5]]]}]}'`,
    ].join('\n'));
  });

  it('gives the shell the body as one argument, as JSON the API reads back', () => {
    // The command run with `echo` in place of curl: the words the shell hands over.
    const command = businessCountCurl('http://127.0.0.1:8080', KEY, example).replace(/^curl/, 'printf "%s\\n"');
    const words = execFileSync('sh', ['-c', command]).toString().trimEnd().split('\n');
    expect(words.slice(0, 5)).toEqual(['-X', 'POST', `http://127.0.0.1:8080/api/Appkeys/${KEY}/business`, '-H', 'Content-Type: application/json']);
    expect(words[5]).toBe('-d');
    expect(JSON.parse(words[6]!)).toEqual({ search: { datasetName: 'ad_osm_poi', categories: ['food.restaurant'] }, polygons: [example.polygon] });
  });
});
