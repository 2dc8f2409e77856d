/** Test support shared by the packages that read territorial units. */
export { wkbOf } from './wkb-writer.js';
