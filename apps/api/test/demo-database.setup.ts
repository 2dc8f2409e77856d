/**
 * The API suite on PGlite: the demo database its workers copy (demo-database.ts) is made before
 * the first test file, not inside the first file's hooks and their time limit.
 */
import { demoDatabaseTemplate } from './demo-database.js';

export default async function setup(): Promise<void> {
  await demoDatabaseTemplate(undefined, (message) => console.log(`[api-pglite] ${message}`));
}
