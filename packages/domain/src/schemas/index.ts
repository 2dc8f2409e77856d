export * from './common.js';
export * from './auth.js';
export * from './maps.js';
export * from './areas.js';
export * from './isochrones.js';
export * from './territories.js';
export * from './organization.js';
export * from './billing.js';
