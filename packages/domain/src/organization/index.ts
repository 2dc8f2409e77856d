export * from './logo-image.js';
export * from './organization.js';
