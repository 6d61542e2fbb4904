import { SHORT_CODE_MAX, SHORT_CODE_PATTERN } from '@tally/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/language.js';
import { notFoundPage } from './not-found-page.js';
import type { ShortLinksService } from './short-links.service.js';

/**
 * Never cached anywhere (browser, proxy, CDN): a cached redirect would keep sending visitors after the
 * link is switched off, and its clicks would never be counted (the complaint users of other shorteners
 * repeat most). The target learns the referring page's origin only, as browsers do by default.
 */
const HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-robots-tag': 'noindex',
  'x-content-type-options': 'nosniff',
};

/** `GET /s/{code}`: public; 302 to the target, or the friendly 404 page. */
export async function redirectRoutes(
  app: FastifyInstance,
  { shortLinks }: { shortLinks: ShortLinksService },
) {
  const answer = (request: FastifyRequest, reply: FastifyReply, target: string | null) => {
    reply.headers(HEADERS);
    if (target !== null) return reply.code(302).header('location', target).send();
    const lang = requestLanguage(request);
    return reply
      .code(404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('content-language', lang === 'zh' ? 'zh-CN' : 'en-US')
      .send(notFoundPage(lang));
  };

  // helmet's headers are set by hand here and nothing is compressed: the redirect is the hot path and
  // sends no document (the 404 page is under a kilobyte).
  app.get<{ Params: { code: string } }>(
    '/s/:code',
    { schema: { hide: true }, helmet: false, compress: false },
    (request, reply) => {
      const { code } = request.params;
      if (code.length > SHORT_CODE_MAX || !SHORT_CODE_PATTERN.test(code)) return answer(request, reply, null);
      const target = shortLinks.resolve(code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        referrer: request.headers.referer,
        headers: request.headers,
      });
      if (target instanceof Promise) return target.then((t) => answer(request, reply, t));
      return answer(request, reply, target);
    },
  );
}
