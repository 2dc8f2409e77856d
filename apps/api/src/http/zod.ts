/**
 * Fastify ↔ zod glue: request parts are validated by the shared schemas (keeping zod's issues,
 * whose messages are catalogue keys), and the OpenAPI document is generated from the same schemas.
 * Before a schema runs, the part is searched for U+0000, which no field may carry (nul-character.ts).
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from '@catchment/domain';
import { findNulCharacter } from './nul-character.js';

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => (data) => {
  const part = httpPart ?? 'body';
  const nulAt = findNulCharacter(data);
  if (nulAt) {
    return { error: new RequestValidationError([{ code: 'custom', input: undefined, path: nulAt, message: 'validation.nulCharacter' }], part) };
  }
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  return { error: new RequestValidationError(result.error.issues, part) };
};
