export * from './prices.js';
export * from './tax.js';
export * from './periods.js';
export * from './pricing.js';
export * from './subscription-state.js';
