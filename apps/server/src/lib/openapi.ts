import { readFileSync } from 'node:fs';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  API_KEY_RATE_PER_MINUTE,
  API_KEY_SCOPE_NAMES,
  apiKeyReaches,
  type Endpoint,
  ERROR,
} from '@tally/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Routes that answer with nothing but success. */
export const okSchema = z.null();

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type Json = Record<string, unknown>;

/** The security schemes of the document, by name. */
export const SECURITY = { token: 'XToken', key: 'ApiKey' } as const;

/**
 * Calls a service throttles beside the per-key limit of API keys (auth.service, share.service,
 * users.service, recharges.service): they document a 429. The test names any id here that no longer
 * exists.
 */
export const THROTTLED_CALLS: readonly string[] = [
  'auth.captcha',
  'auth.login',
  'auth.sendEmailVerify',
  'auth.register',
  'auth.resetPassword',
  'auth.share',
  'account.changePassword',
  'wallet.rechargeCreate',
];

/** Error answers that only a few calls give, cheap to know from their service. */
const EXTRA_ANSWERS: Readonly<Record<string, readonly number[]>> = {
  // A wrong account or password (BAD_CREDENTIALS), a banned account (DISABLED).
  'auth.login': [401, 423],
};

/** Where an operation's error answers wait for `documentErrors` (never left in the document). */
const ERRORS_KEY = 'x-tally-errors';

/** The shared answer of each documented error status (`#/components/responses/<name>`). */
const ERROR_RESPONSES: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  413: 'PayloadTooLarge',
  422: 'ValidationFailed',
  423: 'Locked',
  429: 'TooManyRequests',
  501: 'SiteNotSelected',
  503: 'Unavailable',
};

const ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

function errorAnswer(description: string, examples: Record<string, Json>, headers?: Json): Json {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema: ENVELOPE_REF,
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, value]) => [name, { value: { data: null, ...value } }]),
        ),
      },
    },
  };
}

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};

/** The document's components: security schemes, the error envelope and the shared error answers. */
function components(): Json {
  return {
    securitySchemes: {
      [SECURITY.token]: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Token',
        description:
          "A session token: `data.x_token` of `auth.login` (or the web app's `x-token` cookie). When an " +
          'answer carries `x_token`, the token was renewed: use the new one from then on.',
      },
      [SECURITY.key]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'tly_…',
        description:
          "A personal API key (个人中心 → API keys), sent as `Authorization: Bearer tly_…`. Its scopes narrow its owner's " +
          `roles; account management never takes a key. At most ${API_KEY_RATE_PER_MINUTE} calls a minute per key.`,
      },
    },
    schemas: {
      ErrorEnvelope: {
        type: 'object',
        description: 'Every error answer: the envelope with `data: null` and the error named.',
        required: ['code', 'message', 'data'],
        properties: {
          code: {
            type: 'integer',
            description:
              'The HTTP status, except for an invalid or expired credential: 403 (with HTTP 200 for a session token, HTTP 401 for an API key).',
            example: 422,
          },
          message: {
            type: 'string',
            description:
              "In the caller's language (the `language` cookie, else Accept-Language, else English).",
            example: 'Email: Invalid email address',
          },
          data: {
            type: 'object',
            nullable: true,
            description:
              'null, except `{set, ads}` (the public settings) when the site is closed (503 SITE_CLOSED).',
          },
          error: {
            type: 'string',
            enum: Object.values(ERROR),
            description: 'What went wrong, for programs.',
          },
          errors: {
            type: 'object',
            description: '422 only: the messages of each field, by field name (`a.b` for nested fields).',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
    responses: {
      Unauthorized: errorAnswer(
        'The credential opens nothing: an API key that is unknown, revoked, expired or used from an address it does not allow (body `code: 403`), or, on sign-in, a wrong account or password.',
        {
          apiKey: {
            code: 403,
            message: 'This API key is not valid (unknown, revoked, expired or not allowed from here).',
            error: ERROR.UNAUTHENTICATED,
          },
          badCredentials: {
            code: 401,
            message: 'Account and password are incorrect.',
            error: ERROR.BAD_CREDENTIALS,
          },
        },
      ),
      Forbidden: errorAnswer(
        "The caller's roles (or the API key's scopes) do not reach this call. An invalid or expired session token is not this answer: it is HTTP 200 with `code: 403`.",
        { forbidden: { code: 403, message: 'Forbidden', error: ERROR.FORBIDDEN } },
      ),
      NotFound: errorAnswer("What the call names does not exist, or is not the caller's.", {
        notFound: { code: 404, message: 'site not found', error: ERROR.NOT_FOUND },
      }),
      PayloadTooLarge: errorAnswer(
        'The upload is larger than allowed, or has too many files; nothing is kept.',
        {
          tooLarge: { code: 413, message: 'Request body is too large', error: ERROR.PAYLOAD_TOO_LARGE },
        },
      ),
      ValidationFailed: errorAnswer(
        'The input is refused: `errors` lists the messages of each field, `message` names the first. Also a rule of the service on one field (an insufficient balance, a name already taken).',
        {
          validation: {
            code: 422,
            message: 'Email: Invalid email address',
            error: ERROR.VALIDATION,
            errors: { email: ['Invalid email address'] },
          },
        },
      ),
      Locked: errorAnswer('The account is banned.', {
        banned: {
          code: 423,
          message: 'This account has been banned. Please contact support.',
          error: ERROR.DISABLED,
        },
      }),
      TooManyRequests: errorAnswer(
        'Too many requests from this address, account or API key: try again after `Retry-After` seconds.',
        {
          throttled: {
            code: 429,
            message: 'Too many requests, please try again later.',
            error: ERROR.THROTTLED,
          },
        },
        RETRY_AFTER,
      ),
      SiteNotSelected: errorAnswer(
        'No `site_id` was given: the web app sends the browser to /sites/select.',
        {
          noSite: { code: 501, message: 'No site selected', error: ERROR.SITE_NOT_SELECTED },
        },
      ),
      Unavailable: errorAnswer(
        'The site is closed (`webclose`, SITE_CLOSED, `data: {set, ads}`; sign-in stays open), or the database is briefly out of reach (INTERNAL, with `Retry-After`).',
        {
          databaseUnavailable: {
            code: 503,
            message: 'The service is briefly unavailable; please try again in a few seconds.',
            error: ERROR.INTERNAL,
          },
        },
        RETRY_AFTER,
      ),
    },
  };
}

const DESCRIPTION = `Every call of Tally's web app, for scripts too. Each is declared once in \`@tally/contracts\`
(\`endpoint({…})\`); its \`operationId\` is the call's id and its tag the area.

**Answers.** Every call answers the envelope \`{code, message, data}\`: \`code: 200\` and \`data\` on success
(\`data: null\` when there is nothing to say). An error has \`data: null\`, \`error\` (its name) and, for 422,
\`errors: {field: [messages]}\`; \`code\` is the HTTP status, with one exception kept from the original
client: an **invalid or expired session token answers HTTP 200 with \`code: 403\`** (drop the token and sign
in again), while HTTP 403 means the caller's roles do not reach the call. Throttled calls answer 429 with
\`Retry-After\`. Messages are worded in the caller's language: the \`language\` cookie (\`zh\`, \`en\`), else
Accept-Language, else English.

**Signing in.** Send a session token in \`X-Token\` (\`data.x_token\` of \`auth.login\`; when an answer carries
\`x_token\` the token was renewed, use the new one), or a personal API key as \`Authorization: Bearer tly_…\`
(its scopes narrow its owner's roles, at most ${API_KEY_RATE_PER_MINUTE} calls a minute). In Swagger UI, **Authorize**
with either, then **Try it out**.

**Sealed data.** With the \`crypt_enabled\` setting on, \`data\` is sealed with AES-256-GCM under a key derived
from the session token, and the answer carries \`crypt: 1\` and \`key\` (\`packages/contracts/src/crypt.ts\`).

More in \`docs/api.md\`.`;

function serverVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The input's top-level property names, from the converted query or body schema. */
function inputNames(schema: Json): string[] {
  const input = (schema.querystring ?? schema.body) as { properties?: Json } | undefined;
  return Object.keys(input?.properties ?? {});
}

/** The error answers a call documents, from its descriptor (access, input) and what its services do. */
export function errorStatuses(endpoint: Endpoint, names: readonly string[]): number[] {
  const statuses = new Set<number>(EXTRA_ANSWERS[endpoint.id] ?? []);
  const input = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
  if (endpoint.access !== 'public') {
    statuses.add(403);
    if (apiKeyReaches(API_KEY_SCOPE_NAMES, endpoint)) statuses.add(401).add(429);
  }
  if (input || endpoint.multipart) statuses.add(422);
  if (endpoint.multipart) statuses.add(413);
  if (THROTTLED_CALLS.includes(endpoint.id)) statuses.add(429);
  // A thing named by id that is missing or another user's (the preview ignores `site_id`).
  if (names.includes('id') || (names.includes('site_id') && endpoint.access !== 'public')) statuses.add(404);
  // A report without a site: the web app's cue to pick one.
  if (endpoint.tag === 'reports' && names.includes('site_id')) statuses.add(501);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** Who may call: nobody needs to sign in for a public call; an API key only where a scope reaches. */
export function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  if (endpoint.access === 'public') return [];
  const token = { [SECURITY.token]: [] };
  return apiKeyReaches(API_KEY_SCOPE_NAMES, endpoint) ? [token, { [SECURITY.key]: [] }] : [token];
}

/**
 * Routes declare the schema of their `data`; the envelope plugin wraps it at run time, so the
 * OpenAPI document wraps it the same way. From the call's descriptor come its security requirement
 * and its error answers. Only `/api/` is documented (pages, the tracker and health checks are not
 * API calls).
 */
export const envelopeTransform: Transform = (input) => {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  if (!input.schema) return { schema: input.schema, url: input.url };
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = out.schema as Json & { response?: Record<string, unknown> };
  const endpoint = input.route.config?.endpoint;
  const response = schema.response;
  const data = response?.['200'];
  if (response && data && input.url.startsWith('/api/v1/')) {
    response['200'] = {
      type: 'object',
      // The response's description (@fastify/swagger takes it out of the schema).
      'x-response-description':
        endpoint && endpoint.access !== 'public'
          ? 'Success (`code: 200`). An invalid or expired session token also answers HTTP 200, with `code: 403` and `data: null`.'
          : 'Success (`code: 200`).',
      required: ['code', 'message', 'data'],
      properties: {
        code: { type: 'integer', example: 200 },
        message: { type: 'string', example: 'ok' },
        data,
        x_token: { type: 'string', description: 'renewed session token, when the old one was rotated' },
        crypt: { type: 'integer', enum: [1], description: 'set when data is sealed (AES-GCM)' },
        key: { type: 'string', description: 'the sealed data key, when `crypt` is set' },
      },
    };
  }
  if (!endpoint) return out;
  schema.security = securityOf(endpoint);
  schema[ERRORS_KEY] = errorStatuses(endpoint, inputNames(schema));
  if (endpoint.multipart) {
    schema.body = {
      type: 'object',
      required: ['file'],
      properties: {
        file: {
          type: 'array',
          items: { type: 'string', format: 'binary' },
          description: 'one or more files',
        },
      },
    };
  }
  if (endpoint.file) {
    schema.response = {
      200: {
        description: 'A CSV file, UTF-8 with a byte order mark (for Excel)',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
    };
  }
  return out;
};

interface Operation {
  parameters?: { in: string; name: string; schema?: { enum?: unknown[] } }[];
  responses?: Record<string, Json>;
  [ERRORS_KEY]?: number[];
}

/**
 * The finished document: each operation's error answers as references to the shared ones, and the
 * CSV a report table answers with `format=csv` beside its JSON.
 */
export const documentErrors: TransformObject = (document) => {
  const { openapiObject } = document as {
    openapiObject: { paths?: Record<string, Record<string, Operation>> };
  };
  const paths = openapiObject.paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const statuses = operation[ERRORS_KEY];
      if (!statuses) continue;
      delete operation[ERRORS_KEY];
      const responses = operation.responses ?? {};
      for (const status of statuses) {
        responses[String(status)] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` };
      }
      const csv = operation.parameters?.some(
        (p) => p.in === 'query' && p.name === 'format' && p.schema?.enum?.includes('csv'),
      );
      const content = responses['200']?.content as Json | undefined;
      if (csv && content)
        content['text/csv'] = { schema: { type: 'string', description: 'with format=csv' } };
      operation.responses = responses;
    }
  }
  return openapiObject;
};

/** Options of @fastify/swagger: the document's info, servers and components, and the transforms. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Tally API', version: serverVersion(), description: DESCRIPTION },
      // Relative: the document is read from the server it describes, whatever its public address.
      servers: [{ url: '/', description: 'this server' }],
      components: components() as never,
    },
    transform: envelopeTransform,
    transformObject: documentErrors,
  };
}
