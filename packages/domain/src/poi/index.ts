export * from './category-tree.js';
export * from './categories.js';
export * from './naf.js';
export * from './headcount-bands.js';
export * from './search-title.js';
