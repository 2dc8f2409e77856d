export * from './account-limits.js';
export * from './password-strength.js';
export * from './vat.js';
