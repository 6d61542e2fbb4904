import {
  CODE,
  type Envelope,
  ERROR,
  type FieldErrors,
  fieldLabel,
  type IssueLike,
  localizeIssue,
  localizeMessage,
  type MessageLanguage,
  sealPayload,
} from '@tally/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { driverError, isDatabaseUnavailable } from '../db/pg-errors.js';
import { AppError } from '../lib/errors.js';
import { requestLanguage } from '../lib/language.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` for routes that answer with something other than the JSON envelope (scripts, redirects). */
    envelope?: boolean;
  }
  interface FastifyRequest {
    /** A renewed session token to hand back as `x_token`. */
    renewedToken?: string;
  }
}

export interface EnvelopeOptions {
  /** Whether `data` is sealed for the session (a setting, so it is asked per response). */
  cryptEnabled(): Promise<boolean>;
}

/**
 * Error bodies are built complete by the error handler; a token error is sent with HTTP 200, so the
 * status alone cannot tell the success hook to leave it alone.
 */
const errorBodies = new WeakSet<object>();

function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/v1/') && request.routeOptions.config?.envelope !== false;
}

function validationErrors(error: FastifyError, lang: MessageLanguage): FieldErrors {
  const errors: FieldErrors = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const v of error.validation) {
      const issue = (v.params as { issue?: IssueLike & { path?: unknown[] } })?.issue;
      const field =
        v.instancePath.replace(/^\//, '').replace(/\//g, '.').trim() ||
        String(issue?.path?.join('.') ?? '') ||
        error.validationContext ||
        'body';
      const list = errors[field] ?? [];
      list.push(localizeIssue(issue ?? { message: v.message ?? 'invalid' }, lang));
      errors[field] = list;
    }
  } else {
    errors[error.validationContext ?? 'body'] = [localizeMessage(error.message, lang)];
  }
  return errors;
}

/** Field errors in `lang`, and the one-line message naming the first field as its form labels it. */
function localizedFieldErrors(errors: FieldErrors, lang: MessageLanguage, zhTerms?: Record<string, string>) {
  const localized: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors))
    localized[field] = messages.map((m) => localizeMessage(m, lang, zhTerms));
  const first = Object.entries(localized)[0];
  const message = first
    ? `${fieldLabel(first[0], lang)}: ${first[1][0]}`
    : localizeMessage('Invalid input', lang);
  return { errors: localized, message };
}

export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable; please try again in a few seconds.';

/**
 * Maps an error to status and envelope; only here do error bodies get built. Messages are written
 * in English by the schemas and services and worded here in the caller's language.
 */
export function toErrorResponse(
  error: FastifyError | AppError,
  lang: MessageLanguage = 'en',
): {
  status: number;
  body: Envelope<unknown>;
} {
  if (error instanceof AppError) {
    const code = error.error === ERROR.UNAUTHENTICATED ? CODE.TOKEN_INVALID : error.status;
    const fields = error.errors && localizedFieldErrors(error.errors, lang, error.zhTerms);
    return {
      status: error.status,
      body: {
        code,
        message:
          fields && error.status === 422
            ? fields.message
            : localizeMessage(error.message, lang, error.zhTerms),
        data: error.data ?? null,
        error: error.error,
        errors: fields?.errors,
      },
    };
  }
  if (error.validation) {
    const { errors, message } = localizedFieldErrors(validationErrors(error, lang), lang);
    return {
      status: 422,
      body: { code: 422, message, data: null, error: ERROR.VALIDATION, errors },
    };
  }
  if (isDatabaseUnavailable(error)) {
    // The database is restarting or out of reach: the request may be sent again once it is back.
    return {
      status: 503,
      body: {
        code: 503,
        message: localizeMessage(DATABASE_UNAVAILABLE, lang),
        data: null,
        error: ERROR.INTERNAL,
      },
    };
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    return {
      status,
      body: {
        code: status,
        message: localizeMessage('Internal Server Error', lang),
        data: null,
        error: ERROR.INTERNAL,
      },
    };
  }
  const name =
    status === 413
      ? ERROR.PAYLOAD_TOO_LARGE
      : status === 429
        ? ERROR.THROTTLED
        : status === 404
          ? ERROR.NOT_FOUND
          : ERROR.BAD_REQUEST;
  return { status, body: { code: status, message: error.message, data: null, error: name } };
}

async function envelopePlugin(app: FastifyInstance, opts: EnvelopeOptions) {
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isApi(request) || reply.statusCode !== 200) return payload;
    if (errorBodies.has(payload as object)) return payload;
    const body: Envelope<unknown> = { code: CODE.OK, message: 'ok', data: payload ?? null };
    if (request.renewedToken) body.x_token = request.renewedToken;
    const token = request.auth?.token;
    if (token && (await opts.cryptEnabled())) {
      const sealed = await sealPayload(token, body.data);
      body.crypt = 1;
      body.key = sealed.key;
      body.data = sealed.data;
    }
    return body;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(error, requestLanguage(request));
    // A thrown AppError is a designed answer (a 501 without a site, a 503 while the site is closed):
    // only what nobody planned for is logged as an error, with its stack.
    const unavailable = status === 503 && isDatabaseUnavailable(error);
    if (unavailable) request.log.warn(driverError(error), 'request failed: the database is unavailable');
    else if (status >= 500 && !(error instanceof AppError))
      request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, error: body.error, message: body.message }, 'request rejected');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    if (unavailable) reply.header('retry-after', '5');
    errorBodies.add(body);
    return reply.status(status).send(body);
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
