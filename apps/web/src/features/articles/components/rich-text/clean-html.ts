import { isImageSource, isSafeLink } from '@tally/contracts';

/**
 * Rebuilds any HTML (the editor's own, a stored article, a paste) from the subset the editor writes
 * and the server's sanitiser keeps (apps/server/src/modules/articles/sanitize.ts): paragraphs,
 * h2/h3, strong/em/u/s/code, links, images, lists, quotes, code blocks, rules and line breaks.
 * Nothing is copied over: every kept node is created anew, so no foreign attribute, class or style
 * survives. It runs in an inert document (DOMParser): the input's images do not load and its
 * handlers never run.
 */

interface Mark {
  tag: string;
  href?: string;
}

type Mode = 'flow' | 'item' | 'line';

const DROP = new Set(
  'script style template head title meta link noscript iframe frame object embed svg math canvas video audio input button select textarea option'.split(
    ' ',
  ),
);
const HEADINGS: Record<string, string> = { h1: 'h2', h2: 'h2', h3: 'h3', h4: 'h3', h5: 'h3', h6: 'h3' };
const MARKS: Record<string, string> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
  code: 'code',
  kbd: 'code',
  tt: 'code',
};
const MARK_TAGS = new Set([...Object.values(MARKS), 'a']);
const LINK_REL = 'noopener noreferrer nofollow';

/** Marks an element's inline style stands for (pasted office documents write bold as a style). */
function styleMarks(el: HTMLElement, tag: string | undefined): string[] {
  const style = el.style;
  if (!style) return tag ? [tag] : [];
  const found: string[] = [];
  const weight = style.fontWeight;
  const light = /^(normal|lighter|[1-5]00)$/.test(weight);
  // Google Docs wraps a whole copy in <b style="font-weight:normal">: that is no bold.
  if (tag && !(tag === 'strong' && light)) found.push(tag);
  if (/^(bold|bolder|[6-9]00)$/.test(weight)) found.push('strong');
  if (/italic|oblique/.test(style.fontStyle)) found.push('em');
  const decoration = `${style.textDecoration} ${style.textDecorationLine}`;
  if (decoration.includes('underline')) found.push('u');
  if (decoration.includes('line-through')) found.push('s');
  return found;
}

/** Where inline content goes: `flow` opens paragraphs, `item` (li) and `line` (headings) take it. */
class Sink {
  private paragraph: Element | null = null;
  private needsBreak = false;
  constructor(
    readonly box: Element,
    readonly mode: Mode,
  ) {}

  inline(node: Node) {
    if (this.mode === 'flow') {
      if (!this.paragraph) this.paragraph = this.box.appendChild(this.box.ownerDocument.createElement('p'));
      this.paragraph.append(node);
      return;
    }
    if (this.needsBreak) this.box.append(this.box.ownerDocument.createElement('br'));
    this.needsBreak = false;
    this.box.append(node);
  }

  /** Whether inline text here would open a line (whitespace there is only the source's layout). */
  atLineStart(): boolean {
    if (this.mode === 'flow') return !this.paragraph;
    const last = this.box.lastChild;
    return !last || (last instanceof Element && isBlock(last.localName));
  }

  /** A block boundary of the source: the next inline content starts a new line. */
  close() {
    this.paragraph = null;
    if (this.mode !== 'flow' && !this.atLineStart()) this.needsBreak = true;
  }

  block(el: Element) {
    this.close();
    this.needsBreak = false;
    this.box.append(el);
  }
}

const isBlock = (tag: string) => ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'pre', 'hr'].includes(tag);

function wrap(node: Node, marks: readonly Mark[]): Node {
  const doc = node.ownerDocument!;
  return marks.reduceRight<Node>((inner, mark) => {
    const el = doc.createElement(mark.tag);
    if (mark.href !== undefined) {
      el.setAttribute('href', mark.href);
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', LINK_REL);
    }
    el.append(inner);
    return el;
  }, node);
}

/**
 * A code block's text: line breaks and nested blocks become newlines, every tag goes. The last
 * newline is the browser's (an empty last line needs one) unless `raw`.
 */
export function preText(node: Node, raw = false): string {
  let text = '';
  const visit = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) text += (n as Text).data;
    else if (n instanceof Element) {
      if (n.localName === 'br') text += '\n';
      else if (DROP.has(n.localName)) return;
      else {
        if (['p', 'div', 'li'].includes(n.localName) && text && !text.endsWith('\n')) text += '\n';
        n.childNodes.forEach(visit);
      }
    }
  };
  node.childNodes.forEach(visit);
  return raw ? text : text.replace(/\n$/, '');
}

function walkChildren(node: Node, marks: readonly Mark[], sink: Sink) {
  for (const child of Array.from(node.childNodes)) walk(child, marks, sink);
}

function withMarks(marks: readonly Mark[], added: readonly Mark[]): readonly Mark[] {
  const fresh = added.filter((m) => !marks.some((old) => old.tag === m.tag));
  return fresh.length ? [...marks, ...fresh] : marks;
}

function walkList(el: Element, sink: Sink) {
  const doc = el.ownerDocument;
  const list = doc.createElement(el.localName);
  sink.block(list);
  let item: Sink | null = null;
  for (const child of Array.from(el.childNodes)) {
    if (child instanceof Element && child.localName === 'li') {
      item = new Sink(list.appendChild(doc.createElement('li')), 'item');
      walkChildren(child, [], item);
    } else {
      // A list nested straight in a list (the browser's indent) or stray text: into the last item.
      if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim()) continue;
      item ??= new Sink(list.appendChild(doc.createElement('li')), 'item');
      walk(child, [], item);
    }
  }
  if (!list.hasChildNodes()) list.remove();
}

function walk(node: Node, marks: readonly Mark[], sink: Sink) {
  const doc = sink.box.ownerDocument;
  if (node.nodeType === Node.TEXT_NODE) {
    // The browser types a space next to a tag or at a line's end as &nbsp; to keep it visible: a
    // lone one is a plain space; one beside another space is kept (it makes a double space).
    const text = (node as Text).data
      .replace(/[ \t\n\r\f]+/g, ' ')
      .replace(/(?<![ \u00a0])\u00a0(?![ \u00a0])/g, ' ');
    if (text === ' ' && sink.atLineStart()) return;
    if (text) sink.inline(wrap(doc.createTextNode(text), marks));
    return;
  }
  if (!(node instanceof Element) || DROP.has(node.localName)) return;
  const tag = node.localName;
  const block = sink.mode !== 'line';
  if (tag === 'br') sink.inline(doc.createElement('br'));
  else if (tag === 'img') {
    const src = node.getAttribute('src') ?? '';
    if (!isImageSource(src)) return;
    const img = doc.createElement('img');
    img.setAttribute('src', src);
    const alt = node.getAttribute('alt');
    if (alt) img.setAttribute('alt', alt);
    sink.inline(
      wrap(
        img,
        marks.filter((m) => m.tag === 'a'),
      ),
    );
  } else if (tag === 'hr' && block) sink.block(doc.createElement('hr'));
  else if (HEADINGS[tag] && block) {
    const heading = doc.createElement(HEADINGS[tag]);
    sink.block(heading);
    walkChildren(node, marks, new Sink(heading, 'line'));
  } else if ((tag === 'ul' || tag === 'ol') && block) walkList(node, sink);
  else if (tag === 'blockquote' && block) {
    const quote = doc.createElement('blockquote');
    sink.block(quote);
    walkChildren(node, marks, new Sink(quote, 'flow'));
  } else if (tag === 'pre' && block) {
    const pre = doc.createElement('pre');
    pre.appendChild(doc.createElement('code')).textContent = preText(node);
    sink.block(pre);
  } else if (tag === 'a') {
    const href = node.getAttribute('href')?.trim() ?? '';
    walkChildren(node, isSafeLink(href) ? withMarks(marks, [{ tag: 'a', href }]) : marks, sink);
  } else {
    const added = styleMarks(node as HTMLElement, MARKS[tag]).map((t) => ({ tag: t }));
    // Anything else that is no inline element is a paragraph-like box: its content is a new line.
    const inlineBox =
      MARKS[tag] ||
      ['span', 'font', 'sub', 'sup', 'mark', 'small', 'big', 'abbr', 'q', 'label'].includes(tag);
    if (!inlineBox) sink.close();
    walkChildren(node, withMarks(marks, added), sink);
    if (!inlineBox) sink.close();
  }
}

/** Joins runs split by the walk (`<strong>a</strong><strong>b</strong>`), drops empty marks. */
function tidy(box: Element) {
  for (const el of Array.from(box.children)) tidy(el);
  let prev: ChildNode | null = null;
  for (const child of Array.from(box.childNodes)) {
    if (child instanceof Element && MARK_TAGS.has(child.localName) && !child.hasChildNodes()) {
      child.remove();
      continue;
    }
    if (
      prev instanceof Element &&
      child instanceof Element &&
      MARK_TAGS.has(child.localName) &&
      prev.localName === child.localName &&
      prev.getAttribute('href') === child.getAttribute('href')
    ) {
      prev.append(...Array.from(child.childNodes));
      child.remove();
      tidy(prev);
      continue;
    }
    prev = child;
  }
  // The browser keeps a <br> at the end of a line so that an empty line has a height: not content.
  if (['p', 'h2', 'h3', 'li'].includes(box.localName) && box.lastChild instanceof Element) {
    if (box.lastChild.localName === 'br') box.lastChild.remove();
  }
}

/** The cleaned tree of `html`, in a <body> of an inert document. */
export function cleanTree(html: string): HTMLElement {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = source.implementation.createHTMLDocument('').body;
  walkChildren(source.body, [], new Sink(out, 'flow'));
  tidy(out);
  return out;
}

/** `html` reduced to the editor's subset (a paste, a stored article). */
export function cleanHtml(html: string): string {
  return cleanTree(html).innerHTML;
}

/** The editor's value: its content in the editor's subset, '' when it holds no text or image. */
export function editorValue(html: string): string {
  const tree = cleanTree(html);
  const empty = !tree.textContent?.trim() && !tree.querySelector('img, hr');
  return empty ? '' : tree.innerHTML;
}

/** Pasted plain text: a paragraph per line, the way the text looked. */
export function plainTextHtml(text: string): string {
  const doc = document.implementation.createHTMLDocument('');
  for (const line of text.split(/\r\n?|\n/)) {
    if (line.trim()) doc.body.appendChild(doc.createElement('p')).textContent = line;
  }
  return doc.body.innerHTML;
}
