/**
 * The categories to name for a business: items carry their categories with every ancestor
 * (`food`, `food.restaurant`), and only the most precise ones say what it is.
 */
import { categoryAncestors, isCategoryId } from '@catchment/domain';

export function mostPreciseCategories(categories: readonly string[]): string[] {
  const known = categories.filter(isCategoryId);
  const ancestors = new Set(known.flatMap((id) => categoryAncestors(id)));
  return known.filter((id) => !ancestors.has(id));
}
