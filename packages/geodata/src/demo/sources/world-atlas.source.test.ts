import { describe, expect, it } from 'vitest';
import { colorNeighboursApart, readWorldLayers } from './world-atlas.source.js';

describe('colorNeighboursApart', () => {
  it('gives neighbours different colours and reuses colours elsewhere', () => {
    // A ring of four: 0-1-2-3-0, plus 4 touching nobody.
    const colors = colorNeighboursApart([[1, 3], [0, 2], [1, 3], [2, 0], []]);
    expect(colors).toEqual([0, 1, 0, 1, 0]);
  });
});

describe('readWorldLayers', () => {
  const world = readWorldLayers();

  it('never colours two neighbouring countries alike', () => {
    const colorOf = new Map(world.countries.map((country) => [country.properties.name, country.properties.colorIndex]));
    for (const [a, b] of [['France', 'Spain'], ['France', 'Germany'], ['Germany', 'Poland'], ['United States of America', 'Canada']] as const) {
      expect(colorOf.get(a)).not.toBe(colorOf.get(b));
    }
    expect(Math.max(...colorOf.values())).toBeLessThan(6);
  });

  it('names countries in French too, for the French map', () => {
    const frenchOf = (name: string) => world.countryLabels.find((label) => label.properties.name === name)?.properties.name_fr;
    expect([frenchOf('Germany'), frenchOf('Spain'), frenchOf('United States of America'), frenchOf('Australia')])
      .toEqual(['Allemagne', 'Espagne', 'États-Unis', 'Australie']);
    expect(world.countryLabels.filter((label) => label.properties.name_fr).length).toBeGreaterThan(world.countryLabels.length * 0.95);
  });

  it('puts each country label inside the country', () => {
    const france = world.countryLabels.find((label) => label.properties.name === 'France')!;
    const [lng, lat] = france.geometry.coordinates;
    expect(lng).toBeGreaterThan(-5);
    expect(lng).toBeLessThan(8);
    expect(lat).toBeGreaterThan(42);
    expect(lat).toBeLessThan(51);
  });
});
