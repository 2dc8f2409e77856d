/**
 * Fastify ↔ zod glue: request parts are validated by the shared schemas (keeping zod's issues,
 * whose messages are catalogue keys), and the OpenAPI document is generated from the same schemas.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors.js';

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => (data) => {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
};
