/**
 * Tally's Plausible-compatible tracker, served as /js/script.js and every variant name Plausible's snippets
 * use (script.hash.outbound-links.js, plausible.tagged-events.js …): a site that used Plausible keeps its
 * snippet and changes only the host. Written for Tally (not Plausible's code); it speaks Plausible's event
 * API, which `apps/server/src/modules/collect/compat-plausible.ts` reads.
 *
 *   <script defer data-domain="example.com" src="https://HOST/js/script.outbound-links.js"></script>
 *
 * The extensions in the script's own file name turn features on, as Plausible's variants do:
 *   hash            page paths include the fragment; a hash change is a page view
 *   outbound-links  "Outbound Link: Click" {url} for links to another host
 *   file-downloads  "File Download" {url} for links to files (`file-types` / `add-file-types` attributes)
 *   tagged-events   class="plausible-event-name=Signup plausible-event-plan=pro" on links, buttons, forms
 *   manual          no automatic page views: call plausible('pageview', {u}) yourself
 *   local           count localhost too (otherwise skipped, as Plausible does)
 *   exclusions      data-include / data-exclude: comma lists of paths, `*` within a segment, `**` across
 *   pageview-props  event-<name>="value" attributes on the script tag ride along with page views
 * Attributes: data-domain (a comma list sends to several sites), data-api (another endpoint).
 * Custom events: plausible('Signup', { props, revenue: {amount, currency}, interactive, callback, u });
 * calls queued in plausible.q before the script loaded are replayed. Engagement (visible time and scroll
 * depth) is sent as Plausible's `engagement` events when the page is hidden or left.
 */

type Props = Record<string, unknown>;
interface Options {
  props?: Props;
  revenue?: Props;
  interactive?: boolean;
  callback?: (result?: { status?: number; error?: unknown }) => void;
  u?: string;
  url?: string;
}
interface Queue {
  (name: string, options?: Options): void;
  q?: ArrayLike<unknown>[];
}

const w = window as unknown as { plausible?: Queue };
const d = document;
const loc = location;
const me = (d.currentScript || d.getElementById('plausible')) as HTMLScriptElement | null;

if (me) {
  const attr = (name: string) => me.getAttribute(name);
  const src = new URL(me.src, loc.href);
  const features = src.pathname.split('/').pop()!.split('.');
  const on = (feature: string) => features.includes(feature);
  const endpoint = attr('data-api') || `${src.origin}/api/event`;
  const domain = attr('data-domain') || loc.hostname.replace(/^www\./, '');
  const hash = on('hash');

  const pageviewProps: Props = {};
  if (on('pageview-props')) {
    for (const a of Array.from(me.attributes)) {
      if (a.name.startsWith('event-')) pageviewProps[a.name.slice(6)] = a.value;
    }
  }

  /** `/blog/*` matches one segment, `/docs/**` any depth. */
  const esc = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const matches = (list: string | null, path: string) =>
    !!list &&
    list.split(',').some((pattern) => {
      const glob = pattern
        .trim()
        .split('**')
        .map((part) => part.split('*').map(esc).join('[^/]*'))
        .join('.*');
      return new RegExp(`^${glob}/?$`).test(path);
    });

  const skipped = () => {
    if (
      !on('local') &&
      (/^localhost$|^127(\.\d+){3}$|^\[::1\]$/.test(loc.hostname) || loc.protocol === 'file:')
    )
      return true;
    try {
      if (localStorage.plausible_ignore === 'true') return true;
    } catch {}
    if (on('exclusions')) {
      const path = loc.pathname + (hash ? loc.hash : '');
      const include = attr('data-include');
      return (!!include && !matches(include, path)) || matches(attr('data-exclude'), path);
    }
    return false;
  };

  const send = (body: Props, callback?: Options['callback']) => {
    const text = JSON.stringify(body);
    // A beacon outlives the page (engagement is sent as it goes away); a callback needs fetch's answer.
    // Both post text/plain, a "simple" request: no CORS preflight.
    if (!callback && navigator.sendBeacon?.(endpoint, text)) return;
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: text,
      keepalive: true,
    }).then(
      (r) => callback?.({ status: r.status }),
      (error) => callback?.({ error }),
    );
  };

  // Engagement of the current page: visible milliseconds not yet sent, and the deepest scroll seen.
  let pageUrl = '';
  let pageProps: Props | undefined;
  let engaged = 0;
  let shownAt = 0;
  let depth = 0;
  let sentDepth = 0;
  const docHeight = () => Math.max(d.body?.scrollHeight || 0, d.documentElement.scrollHeight);
  const measure = () => {
    const seen = Math.round(((scrollY + innerHeight) / docHeight()) * 100);
    if (seen > depth) depth = Math.min(100, seen);
  };

  const flush = () => {
    if (shownAt) engaged += Date.now() - shownAt;
    shownAt = d.visibilityState === 'visible' ? Date.now() : 0;
    if (pageUrl && (engaged >= 1000 || depth > sentDepth)) {
      const body: Props = { n: 'engagement', u: pageUrl, d: domain, sd: depth, e: engaged };
      if (pageProps) body.p = pageProps;
      if (hash) body.h = 1;
      send(body);
      engaged = 0;
      sentDepth = depth;
    }
  };

  const track: Queue = (name, options = {}) => {
    if (skipped()) {
      options.callback?.();
      return;
    }
    const pageview = name === 'pageview';
    const props = pageview ? { ...pageviewProps, ...options.props } : options.props;
    const body: Props = {
      n: name,
      u: options.u || options.url || loc.href,
      d: domain,
      r: d.referrer || null,
    };
    if (props && Object.keys(props).length > 0) body.p = props;
    if (options.revenue) body.$ = options.revenue;
    if (options.interactive === false) body.i = false;
    if (hash) body.h = 1;
    if (pageview) {
      flush();
      pageUrl = body.u as string;
      pageProps = body.p as Props | undefined;
      engaged = 0;
      depth = 0;
      sentDepth = 0;
      measure();
    }
    send(body, options.callback);
  };

  const queued = Array.from(w.plausible?.q || []);
  w.plausible = track;

  d.addEventListener('visibilitychange', flush);
  addEventListener('pagehide', flush);
  addEventListener('scroll', measure, { passive: true });

  // Clicks: tagged elements first (a tagged link sends its own event, not "Outbound Link: Click").
  const fileTypes = (
    attr('file-types') ||
    `pdf,xlsx,docx,txt,rtf,csv,exe,key,pps,ppt,pptx,7z,pkg,rar,gz,zip,avi,mov,mp4,mpeg,wmv,midi,mp3,wav,wma,dmg,${attr('add-file-types') || ''}`
  ).split(',');

  /** The tagged element at `el` or up to three parents above it, with its event name and properties. */
  const tagged = (el: Element | null) => {
    for (let i = 0; el && i < 4; i++, el = el.parentElement) {
      let name = '';
      const props: Props = {};
      const revenue: Props = {};
      el.classList.forEach((c) => {
        const m = /^plausible-(event|revenue)-(.+?)(?:=|--)(.+)$/.exec(c);
        if (!m) return;
        const value = m[3]!.replace(/\+/g, ' ');
        if (m[1] === 'revenue') revenue[m[2]!] = m[3];
        else if (m[2] === 'name') name = value;
        else props[m[2]!] = value;
      });
      if (name) return { el, name, props, revenue };
    }
    return undefined;
  };

  const onClick = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const target = event.target as Element | null;
    const link = target?.closest?.('a[href]') as HTMLAnchorElement | null;
    const tag = on('tagged-events') ? tagged(target) : undefined;
    if (tag && tag.el.tagName !== 'FORM') {
      if (link) tag.props.url = link.href;
      track(tag.name, { props: tag.props, ...(tag.revenue.currency ? { revenue: tag.revenue } : {}) });
      return;
    }
    if (!link || !/^https?:$/.test(link.protocol)) return;
    const file = link.href.split(/[?#]/)[0]!;
    if (on('outbound-links') && link.host !== loc.host) {
      track('Outbound Link: Click', { props: { url: link.href } });
    } else if (on('file-downloads') && fileTypes.includes(file.split('.').pop()!.toLowerCase())) {
      track('File Download', { props: { url: file } });
    }
  };
  d.addEventListener('click', onClick, true);
  d.addEventListener('auxclick', onClick, true);
  if (on('tagged-events')) {
    d.addEventListener('submit', (event) => {
      const tag = tagged(event.target as Element);
      if (tag) track(tag.name, { props: tag.props });
    });
  }

  // Page views: the first one, then SPA navigations (history, or the fragment in hash mode).
  let lastPath = '';
  const view = () => {
    const path = loc.pathname + (hash ? loc.hash : '');
    if (path === lastPath) return;
    lastPath = path;
    track('pageview');
  };
  const start = () => {
    shownAt = d.visibilityState === 'visible' ? Date.now() : 0;
    if (!on('manual')) {
      view();
      if (hash) addEventListener('hashchange', view);
      else {
        const push = history.pushState;
        history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
          push.apply(this, args);
          view();
        };
        addEventListener('popstate', view);
      }
    }
    for (const args of queued) track(args[0] as string, args[1] as Options);
  };
  // A prerendered page counts when it is actually shown.
  if ((d as { prerendering?: boolean }).prerendering) {
    d.addEventListener('prerenderingchange', start, { once: true });
  } else start();
}
