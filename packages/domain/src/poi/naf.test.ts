import { describe, expect, it } from 'vitest';
import { POI_CATEGORIES } from './category-tree.js';
import { NAF_DIVISION_LABELS_EN, NAF_SUBCLASS_LABELS_EN } from './naf-english.js';
import { findNafEntry, nafAncestors, nafEntries, nafLabel, nafSubclassesUnder, normalizeNaf } from './naf.js';

describe('NAF rév. 2 nomenclature', () => {
  it('has its 21 sections, 88 divisions, 272 groups, 615 classes and 732 sub-classes', () => {
    expect(nafEntries('section')).toHaveLength(21);
    expect(nafEntries('division')).toHaveLength(88);
    expect(nafEntries('group')).toHaveLength(272);
    expect(nafEntries('class')).toHaveLength(615);
    expect(nafEntries('subclass')).toHaveLength(732);
  });

  it('labels every entry in French and in English', () => {
    for (const level of ['section', 'division', 'group', 'class', 'subclass'] as const) {
      for (const entry of nafEntries(level)) {
        expect(entry.label.fr.trim(), entry.code).not.toBe('');
        expect(entry.label.en.trim(), entry.code).not.toBe('');
      }
    }
    expect(nafLabel('5610A', 'fr')).toBe('Restauration traditionnelle');
    expect(nafLabel('56.10A', 'en')).toBe('Traditional restaurants');
    expect(nafLabel('I', 'fr')).toBe('Hébergement et restauration');
    expect(nafLabel('I', 'en')).toBe('Accommodation and food service activities');
    expect(nafLabel('47', 'en')).toBe('Retail trade, except of motor vehicles and motorcycles');
    // A sub-class without its own English label takes its division's.
    expect(nafLabel('0111Z', 'en')).toBe('Crop and animal production, hunting and related service activities');
    expect(nafLabel('0111Z', 'fr')).toBe("Culture de céréales (à l'exception du riz), de légumineuses et de graines oléagineuses");
  });

  it('has English labels written for real codes only, and for every sub-class the category tree maps', () => {
    for (const code of Object.keys(NAF_SUBCLASS_LABELS_EN)) expect(normalizeNaf(code), code).toBe(code);
    expect(Object.keys(NAF_DIVISION_LABELS_EN).sort()).toEqual(nafEntries('division').map((entry) => entry.code).sort());
    for (const code of POI_CATEGORIES.flatMap((category) => category.naf)) expect(NAF_SUBCLASS_LABELS_EN[code], code).toBeDefined();
  });

  it('normalises a sub-class written with or without its dot and refuses junk', () => {
    expect(normalizeNaf('5610A')).toBe('5610A');
    expect(normalizeNaf('56.10A')).toBe('5610A');
    expect(normalizeNaf(' 56.10a ')).toBe('5610A');
    for (const junk of ['', 'I', '56', '56.10', '5610', '5610Q', '56.1.0A', '561OA', 'restaurant', '5610AA', '99.99Z']) {
      expect(normalizeNaf(junk), junk).toBeNull();
    }
  });

  it('reads codes of every level and gives their sub-classes', () => {
    expect(findNafEntry('I')).toMatchObject({ code: 'I', level: 'section', parent: null });
    expect(findNafEntry('56')).toMatchObject({ code: '56', level: 'division', parent: 'I' });
    expect(findNafEntry('56.1')).toMatchObject({ code: '561', display: '56.1', level: 'group', parent: '56' });
    expect(findNafEntry('56.10')).toMatchObject({ code: '5610', level: 'class', parent: '561' });
    expect(findNafEntry('56.10C')).toMatchObject({ code: '5610C', display: '56.10C', level: 'subclass', parent: '5610' });
    expect(findNafEntry('Z')).toBeUndefined();
    expect(nafSubclassesUnder('56.10')).toEqual(['5610A', '5610B', '5610C']);
    expect(nafSubclassesUnder('56')).toEqual(['5610A', '5610B', '5610C', '5621Z', '5629A', '5629B', '5630Z']);
    expect(nafSubclassesUnder('I')).toEqual(['5510Z', '5520Z', '5530Z', '5590Z', '5610A', '5610B', '5610C', '5621Z', '5629A', '5629B', '5630Z']);
    expect(nafSubclassesUnder('5610A')).toEqual(['5610A']);
    expect(nafSubclassesUnder('nope')).toEqual([]);
    const total = nafEntries('section').reduce((sum, section) => sum + nafSubclassesUnder(section.code).length, 0);
    expect(total).toBe(732);
    expect(nafAncestors('56.10A').map((entry) => entry.code)).toEqual(['5610A', '5610', '561', '56', 'I']);
  });
});
