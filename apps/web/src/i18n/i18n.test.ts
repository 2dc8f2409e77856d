import { describe, expect, it } from 'vitest';
import { catalogues as domainCatalogues } from '@catchment/domain';
import { en } from './en.js';
import { fr } from './fr.js';

/** Every leaf key of a catalogue, as dotted paths. */
function leafKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`]);
}

function leafValues(tree: object): unknown[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'object' && value !== null ? leafValues(value) : [value]));
}

describe('web catalogues', () => {
  it('have the same keys in English and French', () => {
    expect(leafKeys(fr).sort()).toEqual(leafKeys(en).sort());
  });

  it('have no empty texts', () => {
    for (const value of [...leafValues(en), ...leafValues(fr)]) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it('do not redefine the domain sections they are merged with', () => {
    const domainSections = Object.keys(domainCatalogues.en);
    for (const section of Object.keys(en)) expect(domainSections).not.toContain(section);
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const frByKey = new Map(leafKeys(fr).map((key) => [key, key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr)]));
    for (const key of leafKeys(en)) {
      const english = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
      expect(placeholders(frByKey.get(key) as string), key).toEqual(placeholders(english));
    }
  });

  it('keep the read-only texts of the specification', () => {
    expect(fr.map.readOnlyBanner).toBe('Carte en lecture seule');
    expect(fr.map.createMyMap).toBe('Créer ma carte');
    expect(fr.map.stayOnMap).toBe('Rester sur cette carte');
    expect(en.map.readOnlyBanner).toBe('Read-only map');
    expect(en.map.createMyMap).toBe('Create my map');
    expect(en.map.stayOnMap).toBe('Stay on this map');
  });
});
