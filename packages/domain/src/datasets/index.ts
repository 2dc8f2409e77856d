export * from './pins.js';
