import type { MessageLanguage } from '@tally/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The language a caller reads messages in: the web app's `language` cookie (the user's choice,
 * seed section 9), else the first of zh/en in Accept-Language (the web app sends its interface
 * language there on every call), else English.
 */
export function requestLanguage(request: FastifyRequest): MessageLanguage {
  const cookie = request.cookies?.language;
  if (cookie === 'zh' || cookie === 'en') return cookie;
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const base = part.trim().toLowerCase().split(/[-_;]/)[0];
    if (base === 'zh' || base === 'en') return base;
  }
  return 'en';
}
