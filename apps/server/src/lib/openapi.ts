import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Routes that answer with nothing but success. */
export const okSchema = z.null();

type Transform = typeof jsonSchemaTransform;

/**
 * Routes declare the schema of their `data`; the envelope plugin wraps it at run time, so the
 * OpenAPI document wraps it the same way.
 */
export const envelopeTransform: Transform = (input) => {
  if (!input.schema) return { schema: input.schema, url: input.url };
  const out = jsonSchemaTransform(input);
  const response = (out.schema as { response?: Record<string, unknown> }).response;
  const data = response?.['200'];
  if (response && data && input.url.startsWith('/api/v1/')) {
    response['200'] = {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: {
        code: { type: 'integer', example: 200 },
        message: { type: 'string' },
        data,
        x_token: { type: 'string', description: 'renewed session token, when the old one was rotated' },
        crypt: { type: 'integer', enum: [1], description: 'set when data is sealed (AES-GCM)' },
        key: { type: 'string' },
      },
    };
  }
  return out;
};
