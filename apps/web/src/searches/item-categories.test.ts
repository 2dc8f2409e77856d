import { describe, expect, it } from 'vitest';
import { mostPreciseCategories } from './item-categories.js';

describe('mostPreciseCategories', () => {
  it('leaves out the ancestors stored with a category, and ids outside the tree', () => {
    expect(mostPreciseCategories(['food', 'food.cafe_bar', 'food.restaurant', 'amenity=restaurant'])).toEqual(['food.cafe_bar', 'food.restaurant']);
  });
  it('keeps a parent stored alone', () => {
    expect(mostPreciseCategories(['food'])).toEqual(['food']);
  });
});
