export * from './formula.js';
export * from './metric.js';
