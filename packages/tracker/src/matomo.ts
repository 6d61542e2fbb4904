/**
 * Matomo-compatible tracker, served as /matomo.js and /piwik.js, so a site's standard Matomo snippet keeps
 * working when only its host changes:
 *   var _paq = window._paq = window._paq || [];
 *   _paq.push(['trackPageView']); _paq.push(['enableLinkTracking']);
 *   (function() { var u = 'https://HOST/'; _paq.push(['setTrackerUrl', u + 'matomo.php']);
 *     _paq.push(['setSiteId', '1']); … g.src = u + 'matomo.js'; … })();
 * Written for Tally (not Matomo's code); it sends Matomo's Tracking HTTP API, which
 * apps/server/src/modules/collect/compat/matomo.ts reads. Commands (`_paq.push([name, …args])`, before
 * or after the script loaded, or `Matomo.getAsyncTracker().name(…)`):
 *   setTrackerUrl, setSiteId, setCustomUrl, setReferrerUrl, setDocumentTitle, setUserId, resetUserId,
 *   setVisitorId, setDomains, disableCookies, trackPageView([title]), trackEvent(category, action,
 *   [name], [value]), trackSiteSearch(keyword, [category], [count]), trackLink(url, 'link'|'download'),
 *   enableLinkTracking (clicks on links to other hosts send `link`, on files `download`; the classes
 *   matomo_link / matomo_download / matomo_ignore and their piwik_ names decide as in Matomo), and
 *   functions (`_paq.push([function () { this.getVisitorId(); }])`). Other commands are accepted and
 *   ignored, so a snippet with settings Tally has no use for still runs.
 * As matomo.js does, the configuration commands of the queue run first, whatever their place in it (the
 * standard snippet pushes trackPageView before setTrackerUrl and setSiteId), then the rest in order.
 * Each hit is a form POST by sendBeacon (a simple request: no preflight), else a GET, with `send_image=0`.
 */

type Args = unknown[];
type Tracker = Record<string, (...args: Args) => unknown>;

const w = window as unknown as {
  _paq?: unknown;
  Matomo?: unknown;
  Piwik?: unknown;
  matomoAsyncInit?: () => void;
  piwikAsyncInit?: () => void;
};
const d = document;
const loc = location;

/** Matomo's commands that configure the tracker: applied before the queue's other commands. */
const FIRST =
  /^(setTrackerUrl|setSiteId|setUserId|setVisitorId|setDomains|disableCookies|enableLinkTracking)$/;
/** File extensions whose links count as downloads. */
const FILES =
  /\.(7z|aac|apk|avi|bin|bz2|csv|deb|dmg|docx?|epub|exe|flv|gz|iso|jar|mobi|mov|mp[34]|mpe?g|msi|od[pst]|ogg|pdf|pkg|pptx?|rar|rpm|rtf|tar|tgz|torrent|txt|wav|webm|wm[av]|xlsx?|xml|xz|zip)$/i;
/** Matomo's visitor cookie lasts 13 months. */
const COOKIE_SECONDS = 33955200;

if (!w.Matomo) {
  let trackerUrl = '';
  let siteId = '';
  let customUrl = '';
  let referrer = d.referrer;
  let title = '';
  let userId = '';
  let visitorId = '';
  let cookies = true;
  let linksOn = false;
  let domains: string[] = [];
  let pageViewId = '';

  const hex16 = () => Array.from({ length: 16 }, () => ((Math.random() * 16) | 0).toString(16)).join('');
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');

  /**
   * The visitor's id: Matomo's own `_pk_id.<site>.<hash>` cookie when the site has one (the visitor stays
   * the same across the switch), else a new one kept in such a cookie. No cookie with disableCookies:
   * the server then counts the visitor as it counts cookieless ones.
   */
  const visitor = () => {
    if (visitorId || !cookies) return visitorId;
    const prefix = `_pk_id.${siteId}.`;
    for (const c of d.cookie.split('; ')) {
      const m = c.startsWith(prefix) && /=([0-9a-f]{16})\./i.exec(c);
      if (m) {
        visitorId = m[1]!;
        return visitorId;
      }
    }
    visitorId = hex16();
    let h = 0;
    for (const ch of bare(loc.hostname)) h = (h * 31 + ch.charCodeAt(0)) & 0xffff;
    // biome-ignore lint/suspicious/noDocumentCookie: Matomo's visitor cookie; the Cookie Store API is not in every browser.
    d.cookie = `${prefix}${h.toString(16)}=${visitorId}.${Math.floor(Date.now() / 1000)}.; path=/; max-age=${COOKIE_SECONDS}; SameSite=Lax`;
    return visitorId;
  };

  const send = (fields: Record<string, unknown>) => {
    if (!trackerUrl || !siteId) return;
    const now = new Date();
    const q = new URLSearchParams();
    const put = (k: string, v: unknown) => {
      if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
    };
    put('idsite', siteId);
    put('rec', 1);
    put('r', String(Math.random()).slice(2, 8));
    put('h', now.getHours());
    put('m', now.getMinutes());
    put('s', now.getSeconds());
    put('url', customUrl || loc.href);
    put('urlref', referrer);
    put('_id', visitor());
    put('uid', userId);
    put('res', `${screen.width}x${screen.height}`);
    put('pv_id', pageViewId);
    for (const k in fields) put(k, fields[k]);
    put('send_image', 0);
    const body = q.toString();
    try {
      const type = 'application/x-www-form-urlencoded; charset=UTF-8';
      if (navigator.sendBeacon?.(trackerUrl, new Blob([body], { type }))) return;
    } catch {
      // A beacon refused (too large, or blocked): the GET below.
    }
    new Image(1, 1).src = `${trackerUrl}${trackerUrl.includes('?') ? '&' : '?'}${body}`;
  };

  const absolute = (url: unknown) => {
    try {
      return new URL(String(url), loc.href).href;
    } catch {
      return String(url);
    }
  };

  /** A host of the site itself: the page's host, or one of setDomains (`*.example.com` takes subdomains). */
  const ownHost = (host: string) =>
    bare(host) === bare(loc.hostname) ||
    domains.some((entry) => {
      const domain = bare(entry.split('/')[0]!);
      return domain.startsWith('*.')
        ? bare(host) === domain.slice(2) || bare(host).endsWith(domain.slice(1))
        : bare(host) === domain;
    });

  const tracker: Tracker = {
    setTrackerUrl: (url) => {
      trackerUrl = String(url);
    },
    setSiteId: (id) => {
      siteId = String(id);
    },
    setCustomUrl: (url) => {
      customUrl = absolute(url);
    },
    setReferrerUrl: (url) => {
      referrer = String(url);
    },
    setDocumentTitle: (text) => {
      title = String(text);
    },
    setUserId: (id) => {
      userId = id ? String(id) : '';
    },
    resetUserId: () => {
      userId = '';
    },
    setVisitorId: (id) => {
      if (/^[0-9a-f]{16}$/i.test(String(id))) visitorId = String(id);
    },
    setDomains: (list) => {
      domains = (Array.isArray(list) ? list : [list]).map(String);
    },
    disableCookies: () => {
      cookies = false;
    },
    getVisitorId: () => visitor(),
    getUserId: () => userId,
    getSiteId: () => siteId,
    getTrackerUrl: () => trackerUrl,
    trackPageView: (custom) => {
      pageViewId = Math.random().toString(36).slice(2, 8);
      send({ action_name: custom ?? (title || d.title) });
    },
    trackEvent: (category, action, name, value) => {
      // Matomo refuses an event without both.
      if (category && action) send({ e_c: category, e_a: action, e_n: name, e_v: value, ca: 1 });
    },
    trackSiteSearch: (keyword, category, count) => {
      if (keyword !== undefined) send({ search: keyword, search_cat: category, search_count: count });
    },
    trackLink: (url, type) => send({ [type === 'download' ? 'download' : 'link']: absolute(url), ca: 1 }),
    enableLinkTracking: (enable) => {
      linksOn = enable !== false;
    },
  };

  const onClick = (event: MouseEvent) => {
    if (!linksOn || (event.type === 'auxclick' && event.button !== 1)) return;
    const link = (event.target as Element | null)?.closest?.(
      'a[href],area[href]',
    ) as HTMLAnchorElement | null;
    if (!link || !/^https?:$/.test(link.protocol)) return;
    const has = (name: string) =>
      link.classList.contains(`matomo_${name}`) || link.classList.contains(`piwik_${name}`);
    if (has('ignore')) return;
    const download = has('download') || link.hasAttribute('download') || FILES.test(link.pathname);
    if (download) tracker.trackLink!(link.href, 'download');
    else if (has('link') || !ownHost(link.hostname)) tracker.trackLink!(link.href, 'link');
  };
  d.addEventListener('click', onClick, true);
  d.addEventListener('auxclick', onClick, true);

  const run = (command: unknown) => {
    if (!Array.isArray(command)) return;
    const [name, ...args] = command as [unknown, ...Args];
    if (typeof name === 'function') name.apply(tracker, args);
    // Own commands only: a name like 'constructor' is not one.
    else if (typeof name === 'string' && !(name in Object.prototype)) tracker[name]?.(...args);
  };

  // Whatever the page queued before the script came: configuration first, then the rest in order.
  const queued = Array.isArray(w._paq) ? (w._paq as unknown[]) : [];
  const first = (c: unknown) => Array.isArray(c) && FIRST.test(String(c[0]));
  queued.filter(first).forEach(run);
  queued.filter((c) => !first(c)).forEach(run);
  // Later pushes run at once; push answers a number as Array.prototype.push does.
  w._paq = {
    push: (...commands: unknown[]) => {
      commands.forEach(run);
      return 0;
    },
  };
  const api = { getAsyncTracker: () => tracker, getTracker: () => tracker };
  w.Matomo = api;
  w.Piwik = api;
  (w.matomoAsyncInit || w.piwikAsyncInit)?.();
}
