export * from './features.js';
export * from './catalogue.js';
export * from './access.js';
