import { describe, expect, it } from 'vitest';
import { categoryName, searchTitle } from './search-title.js';

describe('searchTitle', () => {
  it("is the search's own label when it has one", () => {
    expect(searchTitle({ label: ' My competitors ', categories: ['food.restaurant'] }, 'en')).toBe('My competitors');
  });
  it('names the categories in the language, raw tags, names and NAF codes otherwise', () => {
    expect(searchTitle({ label: null, categories: ['food.restaurant', 'shop=bakery'], names: ['Paul'], nafCodes: ['5610A', 'I'] }, 'fr'))
      .toBe('Restaurants, shop=bakery, “Paul”, NAF 56.10A, NAF I');
    expect(categoryName('food.bakery', 'en')).toBe('Bakeries and pastry shops');
    expect(categoryName('food.bakery', 'fr')).toBe('Boulangeries et pâtisseries');
  });
  it('is null for a search of headcount bands only', () => {
    expect(searchTitle({ label: '', categories: [], names: [] }, 'en')).toBeNull();
  });
});
