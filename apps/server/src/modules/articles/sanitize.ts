import sanitizeHtml from 'sanitize-html';

const ALIGN = [/^(left|right|center|justify)$/];

/**
 * What the article editor produces, and nothing more: no script or style elements, no event handler
 * attributes, no inline styles beyond text alignment, and links and images only over http(s) (links
 * also to mail and Telegram) or as paths on this site.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'sub',
    'sup',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['style'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedStyles: {
    '*': { 'text-align': ALIGN },
    col: { width: [/^\d+(px|%)$/], 'min-width': [/^\d+px$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tg'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  // An image whose source was refused is an empty box: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // A link that opens a new tab must not hand the article's window to the target page.
    a: (tagName, attribs) => {
      const blank = attribs.target === '_blank';
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: blank ? { ...rest, target: '_blank', rel: 'noopener noreferrer nofollow' } : rest,
      };
    },
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The text of an article's HTML, for a summary when none was written. */
export function plainTextOf(html: string, max: number): string {
  // Blocks are set apart by spaces so their words do not run together once the tags are gone.
  const spaced = html.replace(/<\/?(p|h[1-6]|li|blockquote|pre|td|th|br)\b[^>]*>/gi, ' $& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
