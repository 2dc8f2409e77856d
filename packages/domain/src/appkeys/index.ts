export * from './app-keys.js';
