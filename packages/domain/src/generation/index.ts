export * from './generation.js';
