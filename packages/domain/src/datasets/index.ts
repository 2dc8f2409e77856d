export * from './pins.js';
export * from './cell-values.js';
