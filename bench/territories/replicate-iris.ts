/**
 * A France-scale IRIS dataset made from the Bas-Rhin sample (test-data/fr: 742 IRIS, 95,019
 * boundary points, census figures for 210 of them), for the territorial benches: France has
 * about 49,000 IRIS, published as one contour file and one INSEE census table, which this writes
 * in the same form (GeoJSON + CSV, the columns `npm run data -- import fr-iris` reads).
 *
 * How: the sample's bounding box (1.293° × 0.958°) plus a 0.01° gap is one cell of a grid aligned
 * on the sample itself, so copy 0, the sample as published, keeps its place (Strasbourg stays where
 * it is). The cells lying wholly within 5.2° W – 9.6° E, 41.3° N – 51.2° N (metropolitan France's
 * box) are ordered by the distance of their centre to (2.6° E, 46.6° N), and copy k ≥ 1 goes into
 * the k-th nearest cell other than the sample's: every coordinate of every IRIS is translated by
 * that cell's offset (whole cells, so copies never overlap) and rounded to 6 decimals as in the
 * source. Copy k ≥ 1 replaces the département number "67" that starts every code (the commune,
 * DEPCOM, and the IRIS code, DCOMIRIS) with the k-th of 01, 02 … 99 (skipping 20 and 67), and
 * appends " <number>" to commune names; IRIS names, types and every census value (P16_POP…) are
 * copied unchanged. 68 copies (the default) give 50,456 IRIS with 6.46 million boundary points,
 * 14,280 of them with figures.
 *
 *   npx tsx bench/territories/replicate-iris.ts [--copies 68] [--out var/bench-territories/iris-x68]
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Position } from 'geojson';
import { argument } from '../arguments.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SAMPLE_CONTOURS = path.join(ROOT, 'test-data/fr/iris-67-bas-rhin.geojson');
export const SAMPLE_POPULATION = path.join(ROOT, 'test-data/fr/population-iris-67-bas-rhin-2016.csv');
/** Copies giving about as many IRIS as France has (742 × 68 = 50,456). */
export const FRANCE_COPIES = 68;

const GAP_DEGREES = 0.01;
const FRANCE_BOX = { west: -5.2, south: 41.3, east: 9.6, north: 51.2 };
const FRANCE_CENTRE: [number, number] = [2.6, 46.6];
/** Département numbers given to copies 1, 2…: 01 to 99 without Corsica's 20 and the sample's 67. */
const PREFIXES = Array.from({ length: 99 }, (_, i) => String(i + 1).padStart(2, '0')).filter((prefix) => prefix !== '20' && prefix !== '67');

interface SampleFeature {
  type: 'Feature';
  properties: { DEPCOM: string; NOM_COM: string; IRIS: string; DCOMIRIS: string; NOM_IRIS: string; TYP_IRIS: string };
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

export interface ReplicaCopy {
  /** 0 for the sample itself. */
  index: number;
  /** What replaces "67" at the start of codes. */
  prefix: string;
  /** Translation in degrees. */
  dx: number;
  dy: number;
  /** The IRIS codes of this copy (742, the sample's order). */
  codes: string[];
}

export interface ReplicatedIris {
  contours: string;
  population: string;
  units: number;
  points: number;
  copies: ReplicaCopy[];
}

/** Where copy `index` of the sample's point [lng, lat] lies. */
export function translated(copy: Pick<ReplicaCopy, 'dx' | 'dy'>, [lng, lat]: [number, number]): [number, number] {
  return [lng + copy.dx, lat + copy.dy];
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function sampleBox(features: readonly SampleFeature[]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (coordinates: unknown): void => {
    if (typeof (coordinates as number[])[0] === 'number') {
      const [x, y] = coordinates as number[];
      box[0] = Math.min(box[0], x!); box[1] = Math.min(box[1], y!); box[2] = Math.max(box[2], x!); box[3] = Math.max(box[3], y!);
    } else {
      for (const child of coordinates as unknown[]) visit(child);
    }
  };
  for (const feature of features) visit(feature.geometry.coordinates);
  return box;
}

/** The copies' offsets: the sample's cell first, then the cells of France's box nearest its centre. */
export function copyPlan(box: readonly [number, number, number, number], copies: number): Omit<ReplicaCopy, 'codes'>[] {
  if (copies < 1 || copies > PREFIXES.length + 1) throw new Error(`--copies must be between 1 and ${PREFIXES.length + 1}`);
  const [west, south, east, north] = box;
  const stepX = round6(east - west + GAP_DEGREES);
  const stepY = round6(north - south + GAP_DEGREES);
  const cells: { i: number; j: number; distance: number }[] = [];
  for (let i = Math.ceil((FRANCE_BOX.west - west) / stepX); west + i * stepX + (east - west) <= FRANCE_BOX.east; i++) {
    for (let j = Math.ceil((FRANCE_BOX.south - south) / stepY); south + j * stepY + (north - south) <= FRANCE_BOX.north; j++) {
      if (i === 0 && j === 0) continue;
      const centre = [(west + east) / 2 + i * stepX, (south + north) / 2 + j * stepY];
      cells.push({ i, j, distance: Math.hypot(centre[0]! - FRANCE_CENTRE[0], centre[1]! - FRANCE_CENTRE[1]) });
    }
  }
  cells.sort((a, b) => a.distance - b.distance || a.i - b.i || a.j - b.j);
  if (cells.length < copies - 1) throw new Error(`France's box holds ${cells.length + 1} copies at most`);
  return [
    { index: 0, prefix: '67', dx: 0, dy: 0 },
    ...cells.slice(0, copies - 1).map((cell, k) => ({ index: k + 1, prefix: PREFIXES[k]!, dx: round6(cell.i * stepX), dy: round6(cell.j * stepY) })),
  ];
}

const recode = (code: string, prefix: string) => (code.startsWith('67') ? prefix + code.slice(2) : code);

/**
 * Writes `<out>/contours.geojson` and `<out>/population.csv` for `copies` copies of the sample,
 * unless a previous run wrote the same (its `manifest.json` says so). Returns the files and copies.
 */
export async function replicateIris(options: { copies: number; out: string; log?: (message: string) => void }): Promise<ReplicatedIris> {
  const { copies, out } = options;
  const features = (JSON.parse(readFileSync(SAMPLE_CONTOURS, 'utf8')) as { features: SampleFeature[] }).features;
  const plan = copyPlan(sampleBox(features), copies);
  const withCodes: ReplicaCopy[] = plan.map((copy) => ({ ...copy, codes: features.map((feature) => recode(feature.properties.DCOMIRIS, copy.prefix)) }));
  const contours = path.join(out, 'contours.geojson');
  const population = path.join(out, 'population.csv');
  const manifestFile = path.join(out, 'manifest.json');
  const manifest = JSON.stringify({ copies, plan, sample: readFileSync(SAMPLE_CONTOURS).byteLength });
  if (existsSync(manifestFile) && existsSync(contours) && existsSync(population)) {
    const written = JSON.parse(readFileSync(manifestFile, 'utf8')) as { key: string; units: number; points: number };
    if (written.key === manifest) return { contours, population, units: written.units, points: written.points, copies: withCodes };
  }
  mkdirSync(out, { recursive: true });
  options.log?.(`Writing ${copies} copies of the Bas-Rhin IRIS (${(copies * features.length).toLocaleString('en')} units) into ${out}…`);

  let points = 0;
  const geojson = createWriteStream(`${contours}.tmp`);
  const write = async (text: string) => { if (!geojson.write(text)) await once(geojson, 'drain'); };
  await write('{"type":"FeatureCollection","name":"CONTOURS-IRIS-REPLICATED","features":[\n');
  let first = true;
  for (const copy of plan) {
    const move = (position: Position): Position => { points += 1; return [round6(position[0]! + copy.dx), round6(position[1]! + copy.dy)]; };
    for (const feature of features) {
      const { properties, geometry } = feature;
      const moved = geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(move)) }
        : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(move))) };
      const copied = {
        type: 'Feature',
        properties: {
          ...properties,
          DEPCOM: recode(properties.DEPCOM, copy.prefix),
          DCOMIRIS: recode(properties.DCOMIRIS, copy.prefix),
          NOM_COM: copy.index === 0 ? properties.NOM_COM : `${properties.NOM_COM} ${copy.prefix}`,
        },
        geometry: moved,
      };
      await write(`${first ? '' : ',\n'}${JSON.stringify(copied)}`);
      first = false;
    }
  }
  await write('\n]}\n');
  geojson.end();
  await once(geojson, 'finish');

  // The census table: the sample's rows once per copy, codes changed, values unchanged.
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(SAMPLE_POPULATION), crlfDelay: Infinity })) if (line) lines.push(line);
  const [header, ...rows] = lines;
  const columns = header!.split(',');
  const irisColumn = columns.indexOf('IRIS');
  const communeColumn = columns.indexOf('DEPCOM');
  const csv = [header!];
  for (const copy of plan) {
    for (const row of rows) {
      const cells = row.split(',');
      cells[irisColumn] = recode(cells[irisColumn]!, copy.prefix);
      cells[communeColumn] = recode(cells[communeColumn]!, copy.prefix);
      csv.push(cells.join(','));
    }
  }
  writeFileSync(`${population}.tmp`, `${csv.join('\n')}\n`);
  renameSync(`${contours}.tmp`, contours);
  renameSync(`${population}.tmp`, population);
  const units = copies * features.length;
  writeFileSync(manifestFile, JSON.stringify({ key: manifest, units, points }));
  return { contours, population, units, points, copies: withCodes };
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const copies = Number(argument('--copies') ?? FRANCE_COPIES);
  const out = path.resolve(argument('--out') ?? path.join(ROOT, `var/bench-territories/iris-x${copies}`));
  const written = await replicateIris({ copies, out, log: console.log });
  console.log(`${written.units.toLocaleString('en')} IRIS, ${written.points.toLocaleString('en')} boundary points:\n  ${written.contours}\n  ${written.population}`);
  console.log(`npm run data -- import fr-iris ${path.relative(process.cwd(), written.contours)} ${path.relative(process.cwd(), written.population)}`);
}
