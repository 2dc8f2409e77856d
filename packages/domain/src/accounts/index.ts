export * from './account-limits.js';
export * from './password-strength.js';
export * from './signup-answers.js';
export * from './vat.js';
