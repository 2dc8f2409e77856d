import { describe, expect, it } from 'vitest';
import { LOCALES } from '../enums.js';
import {
  categoriesOfNaf,
  categoriesOfOsmTags,
  categoryAncestors,
  categoryChildren,
  categoryLabel,
  isCategoryId,
  withCategoryAncestors,
} from './categories.js';
import { POI_CATEGORIES } from './category-tree.js';
import { normalizeNaf } from './naf.js';

// NAF sub-classes that INSEE does not split the way users search: one code, several categories.
const NAF_SHARED_ON_PURPOSE = new Map([['4776Z', ['shopping.florist', 'shopping.garden', 'shopping.pets']]]);

describe('POI category tree', () => {
  it('has stable dotted lower-case ids, each once, with a parent that exists', () => {
    const ids = POI_CATEGORIES.map((category) => category.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const category of POI_CATEGORIES) {
      expect(category.id).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
      if (category.parent) {
        expect(isCategoryId(category.parent)).toBe(true);
        expect(category.id.startsWith(`${category.parent}.`)).toBe(true);
      }
    }
    expect(categoryChildren(null).map((category) => category.id)).toEqual(
      expect.arrayContaining(['food', 'shopping', 'health', 'services', 'leisure', 'automotive', 'accommodation', 'education', 'finance']),
    );
  });

  it('labels every category in English and in French', () => {
    for (const category of POI_CATEGORIES) {
      for (const locale of LOCALES) expect(categoryLabel(category.id, locale).trim()).not.toBe('');
    }
    expect(categoryLabel('food.bakery', 'fr')).toBe('Boulangeries et pâtisseries');
    expect(categoryLabel('food.bakery', 'en')).toBe('Bakeries and pastry shops');
    expect(() => categoryLabel('food.nothing', 'en')).toThrow();
  });

  it('maps every leaf to OSM tags, each tag to one category, and only real NAF sub-classes', () => {
    const categoryOfTag = new Map<string, string>();
    for (const category of POI_CATEGORIES) {
      if (!category.parent) {
        expect(category.osm).toEqual([]);
        expect(category.naf).toEqual([]);
        continue;
      }
      expect(category.osm.length).toBeGreaterThan(0);
      expect(new Set(category.osm).size).toBe(category.osm.length);
      expect(new Set(category.naf).size).toBe(category.naf.length);
      for (const tag of category.osm) {
        expect(tag).toMatch(/^(amenity|shop|office|tourism|leisure|healthcare|craft)=[a-z_]+$/);
        expect(categoryOfTag.get(tag), tag).toBeUndefined();
        categoryOfTag.set(tag, category.id);
      }
      for (const naf of category.naf) expect(normalizeNaf(naf), naf).toBe(naf);
    }
  });

  it('maps a NAF sub-class to one category unless shared on purpose', () => {
    const categoriesOfCode = new Map<string, string[]>();
    for (const category of POI_CATEGORIES) {
      for (const naf of category.naf) categoriesOfCode.set(naf, [...(categoriesOfCode.get(naf) ?? []), category.id]);
    }
    for (const [naf, ids] of categoriesOfCode) expect(ids.sort(), naf).toEqual(NAF_SHARED_ON_PURPOSE.get(naf) ?? [ids[0]]);
  });

  it('finds the same trade from OSM tags and from NAF codes', () => {
    expect(categoriesOfOsmTags(['amenity=restaurant'])).toEqual(['food.restaurant']);
    expect(categoriesOfNaf('5610A')).toEqual(['food.restaurant']);
    expect(categoriesOfNaf('56.10A')).toEqual(['food.restaurant']);
    expect(categoriesOfOsmTags(['shop=bakery'])).toEqual(categoriesOfNaf('1071C'));
    expect(categoriesOfNaf('4724Z')).toEqual(['food.bakery']);
    expect(categoriesOfOsmTags(['amenity=pharmacy', 'healthcare=pharmacy'])).toEqual(categoriesOfNaf('4773Z'));
    expect(categoriesOfOsmTags(['shop=hairdresser'])).toEqual(categoriesOfNaf('9602A'));
    expect(categoriesOfOsmTags(['shop=car'])).toEqual(categoriesOfNaf('4511Z'));
    expect(categoriesOfNaf('4776Z')).toEqual(['shopping.florist', 'shopping.garden', 'shopping.pets']);
  });

  it('reads several tags and multi-valued tags, and ignores the rest', () => {
    expect(categoriesOfOsmTags(['amenity=cafe', 'shop=bakery;pastry', 'building=yes', 'name=Chez Paul', 'shop'])).toEqual([
      'food.bakery',
      'food.cafe_bar',
    ]);
    expect(categoriesOfOsmTags(['amenity=bench'])).toEqual([]);
    expect(categoriesOfNaf('0111Z')).toEqual([]);
    expect(categoriesOfNaf('junk')).toEqual([]);
  });

  it('gives the ancestors of a category and adds them to a list', () => {
    expect(categoryAncestors('food.restaurant')).toEqual(['food']);
    expect(categoryAncestors('food')).toEqual([]);
    expect(categoryAncestors('nothing')).toEqual([]);
    expect(withCategoryAncestors(['food.restaurant', 'food.cafe_bar', 'health.pharmacy'])).toEqual([
      'food',
      'food.cafe_bar',
      'food.restaurant',
      'health',
      'health.pharmacy',
    ]);
  });
});
