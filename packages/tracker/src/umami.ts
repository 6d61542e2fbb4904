/**
 * Umami-compatible tracker, served as /script.js, so a site's existing Umami snippet keeps working when
 * only its host changes:
 *   <script defer src="https://HOST/script.js" data-website-id="ID"></script>
 * Written for Tally (not Umami's code); it speaks Umami's collect protocol (`POST /api/send`, see
 * apps/server/src/modules/collect/compat/umami.ts) and reads the snippet attributes sites use:
 *   data-website-id   the site (an Umami website id set on the site's settings, or Tally's tracking key)
 *   data-host-url     where to send hits (default: where the script came from)
 *   data-auto-track   "false": no automatic page views (call umami.track() yourself)
 *   data-domains      comma list: track only on these host names
 *   data-tag          a tag sent with every hit
 *   data-do-not-track "true": send nothing when the browser asks not to be tracked
 * API: umami.track(), umami.track(name, data), umami.track({…payload}), umami.track(fn),
 * umami.identify(id?, data?). Elements with data-umami-event="name" (and data-umami-event-KEY="value")
 * send that event when clicked.
 */

type Data = Record<string, unknown>;
type Payload = Record<string, unknown>;

const win = window as unknown as { umami?: unknown; doNotTrack?: string };
const doc = document;
const loc = location;
const me = doc.currentScript as HTMLScriptElement | null;
const get = (name: string) => me?.getAttribute(`data-${name}`) ?? undefined;
const website = get('website-id');
const domains = (get('domains') ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const dnt = get('do-not-track') === 'true' && (navigator.doNotTrack === '1' || win.doNotTrack === '1');

if (me && website && !win.umami) {
  const endpoint = `${(get('host-url') || new URL(me.src).origin).replace(/\/$/, '')}/api/send`;
  const tag = get('tag');
  const off = () => dnt || (domains.length > 0 && !domains.includes(loc.hostname));
  let cache: string | undefined;
  let identity: string | undefined;
  let currentUrl = loc.href;
  let currentRef = doc.referrer.startsWith(loc.origin) ? '' : doc.referrer;
  let vid: string | undefined;
  try {
    vid = localStorage.getItem('umami.visitor') || undefined;
    if (!vid) {
      vid = crypto.randomUUID ? crypto.randomUUID() : `${Math.random().toString(36).slice(2)}${Date.now()}`;
      localStorage.setItem('umami.visitor', vid);
    }
  } catch {
    // Storage blocked: the server counts the visitor by address and browser for the day.
  }

  const payload = (): Payload => ({
    website,
    hostname: loc.hostname,
    screen: `${screen.width}x${screen.height}`,
    language: navigator.language,
    title: doc.title,
    url: currentUrl,
    referrer: currentRef,
    tag,
    id: identity,
    vid,
  });

  const send = async (body: Payload, type = 'event') => {
    if (off()) return;
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (cache) headers['x-umami-cache'] = cache;
      const res = await fetch(endpoint, {
        method: 'POST',
        keepalive: true,
        credentials: 'omit',
        headers,
        body: JSON.stringify({ type, payload: body }),
      });
      const answer = await res.json();
      if (answer && typeof answer.cache === 'string') cache = answer.cache;
    } catch {
      // Offline or blocked: analytics never breaks the page.
    }
  };

  const track = (name?: unknown, data?: Data) => {
    if (typeof name === 'string') return send({ ...payload(), name, data });
    if (typeof name === 'function') return send(name(payload()));
    if (name && typeof name === 'object') return send({ ...(name as Payload) });
    return send(payload());
  };

  const identify = (id?: unknown, data?: Data) => {
    if (typeof id === 'string') identity = id;
    cache = undefined;
    return send({ ...payload(), data: typeof id === 'object' ? id : data }, 'identify');
  };

  win.umami = { track, identify };

  // Single-page sites: a new URL from pushState/replaceState is a new page view.
  const wrap = (method: 'pushState' | 'replaceState') => {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      if (!args[2]) return;
      const next = new URL(String(args[2]), loc.href).href;
      if (next !== currentUrl) {
        currentRef = currentUrl;
        currentUrl = next;
        setTimeout(() => track(), 300);
      }
    };
  };

  doc.addEventListener(
    'click',
    (e) => {
      const el = (e.target as Element | null)?.closest?.('[data-umami-event]');
      const name = el?.getAttribute('data-umami-event');
      if (!el || !name) return;
      const data: Data = {};
      for (const a of Array.from(el.attributes)) {
        const m = /^data-umami-event-(.+)$/.exec(a.name);
        if (m) data[m[1]!] = a.value;
      }
      void track(name, data);
    },
    true,
  );

  if (get('auto-track') !== 'false') {
    wrap('pushState');
    wrap('replaceState');
    const start = () => void track();
    if (doc.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  }
}
