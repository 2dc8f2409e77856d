export * from './types.js';
export * from './circle.js';
export * from './validate.js';
export * from './combine.js';
export * from './orient-rings.js';
export * from './surface.js';
