export * from './nps.js';
