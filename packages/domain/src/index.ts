export * from './enums.js';
export * from './constants.js';
export * from './tabs.js';
export * from './units.js';
export * from './errors.js';
export * from './geometry/index.js';
export * from './schemas/index.js';
export * from './i18n/index.js';
