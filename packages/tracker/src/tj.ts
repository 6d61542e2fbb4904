/**
 * Tally tracker, served as /tj.js. Every byte counts (budget: 1.5 KB gzipped), so names are short and the
 * wire format uses one-letter keys; `apps/server/src/modules/collect/collect.schema.ts` is the other side.
 *
 * Snippet: <script defer src="https://HOST/tj.js" data-site="KEY"></script>
 * Optional attributes, written by the site dialog from the site's settings:
 *   data-dnt         send nothing when the browser asks not to be tracked
 *   data-cookieless  keep no visitor id in the browser (the server hashes IP + UA + site with a daily salt)
 * Custom events: tj('signup', { plan: 'pro' }); calls queued in tj.q before the script loaded are replayed.
 */

type Props = Record<string, unknown>;
interface Queue {
  (name: string, props?: Props): void;
  q?: IArguments[];
}

const w = window as unknown as { tj?: Queue };
const d = document;
const nav = navigator;
const loc = location;
const me = d.currentScript as HTMLScriptElement | null;
const attr = (name: string) => me?.hasAttribute(`data-${name}`);
const key = me?.getAttribute('data-site');
const dnt = attr('dnt') && (nav.doNotTrack === '1' || (w as { doNotTrack?: string }).doNotTrack === '1');

if (me && key && !dnt) {
  const endpoint = `${new URL(me.src).origin}/api/collect`;
  let visitor: string | undefined;
  if (!attr('cookieless')) {
    try {
      visitor = localStorage.tj_v || Math.random().toString(36).slice(2) + Date.now().toString(36);
      localStorage.tj_v = visitor;
    } catch {
      // Storage blocked (private mode, sandboxed iframe): count without a persistent id.
    }
  }

  // One id per page view links its engagement pings; `engaged` counts only time the page is visible.
  let pageId = '';
  let url = '';
  let ref = '';
  let engaged = 0;
  let shownAt = 0;

  const send = (type: string, extra: Props) => {
    const body = JSON.stringify({
      s: key,
      t: type,
      u: url,
      v: visitor,
      p: pageId,
      ...extra,
    });
    // text/plain keeps the request "simple": no CORS preflight, and sendBeacon survives unload.
    if (!nav.sendBeacon?.(endpoint, body)) {
      fetch(endpoint, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {});
    }
  };

  const ping = () => {
    if (shownAt) engaged += Date.now() - shownAt;
    shownAt = d.hidden ? 0 : Date.now();
    if (engaged > 0 && pageId) send('ping', { e: engaged });
    engaged = 0;
  };

  const view = (referrer: string) => {
    if (loc.href === url) return;
    ping();
    url = loc.href;
    pageId = Math.random().toString(36).slice(2, 12);
    ref = referrer;
    send('pv', { r: ref, ti: d.title, w: screen.width, h: screen.height, l: nav.language });
  };

  // Beacons travel in parallel, so an event may reach the server before its page view and open the
  // visit: it carries the referrer so the visit's source is right either way.
  const track: Queue = (name, props) => send('ev', { n: String(name), d: props, r: ref });
  const queued = w.tj?.q || [];
  w.tj = track;

  // SPA navigations: patch pushState/replaceState and listen to back/forward and hash changes.
  const onRoute = () => view(url);
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      onRoute();
    };
  }
  addEventListener('popstate', onRoute);
  addEventListener('hashchange', onRoute);

  d.addEventListener('visibilitychange', () => {
    if (d.hidden) ping();
    else shownAt = Date.now();
  });
  addEventListener('pagehide', ping);

  // Outbound clicks: any link to another host (capture phase, so handlers that stop propagation still count).
  d.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (link && /^https?:/.test(link.protocol) && link.host !== loc.host)
        track('outbound', { url: link.href });
    },
    true,
  );

  // A prerendered page is counted when the user actually sees it.
  const start = () => {
    shownAt = Date.now();
    view(d.referrer);
    for (const args of queued) track(args[0], args[1]);
  };
  if ((d as { prerendering?: boolean }).prerendering) {
    d.addEventListener('prerenderingchange', start, { once: true });
  } else start();
}
