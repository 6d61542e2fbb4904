/**
 * The Content-Security-Policy of every response (app, API, uploads, Swagger UI), through helmet.
 * Stored article HTML is sanitised on save; this is the second wall should a payload slip through:
 * no inline or foreign script can run, no plugin loads, no <base> re-points relative URLs, and no
 * other site may frame the back office. The built index.html has no inline script (checked by the
 * e2e csp spec), so 'self' is enough for scripts.
 *
 * helmet's defaults are not used: their `upgrade-insecure-requests` would send a plain-HTTP set-up's
 * own asset requests to https and break it.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // antd (CSS-in-JS) and the charts write <style> elements and style attributes at run time, with
  // hashes that change with the theme and the component set: they cannot be listed ahead. Inline
  // style cannot run code, so allowing it costs far less than allowing inline script would.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Articles and ads may show images from other hosts (http and https); the captcha is a data: URI.
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
};
