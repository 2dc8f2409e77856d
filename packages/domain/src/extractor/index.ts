export * from './extractor.js';
