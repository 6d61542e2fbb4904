import { cleanHtml, preText } from './clean-html';

/*
 * Formatting goes through document.execCommand and queryCommandState. They are marked deprecated,
 * but every browser supports them and there is no replacement API for formatting a contentEditable
 * element; they also put each change on the browser's own undo stack, which undo/redo use.
 * With styleWithCSS off they write elements (<b>, <i>, <strike>…), never style attributes, so the
 * editor works under the Content-Security-Policy; clean-html.ts turns them into the stored subset.
 */

export type ToolKey =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'heading2'
  | 'heading3'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'codeBlock'
  | 'rule'
  | 'undo'
  | 'redo';

export type ActiveState = Partial<Record<ToolKey | 'link', boolean>>;

const exec = (command: string, value?: string) => document.execCommand(command, false, value);

/** Once per editor: Enter makes <p> (not <div>), formatting makes elements (not styles). */
export function prepareDocument() {
  exec('defaultParagraphSeparator', 'p');
  exec('styleWithCSS', 'false');
}

/** The innermost element named `tags` around `node` (the selection's start), inside the editor. */
export function around(
  root: HTMLElement,
  tags: string,
  node: Node | null | undefined = getSelection()?.anchorNode,
): HTMLElement | null {
  if (!node || !root.contains(node)) return null;
  const start = node instanceof HTMLElement ? node : node.parentElement;
  const found = start?.closest<HTMLElement>(tags);
  return found && root.contains(found) && found !== root ? found : null;
}

/**
 * A click below the last line leaves the caret in the editor element itself, between blocks:
 * typing or formatBlock there would make a new block beside the paragraph. The caret goes into the
 * block before it instead (before the browser's placeholder <br> of an empty line).
 */
export function caretIntoBlock(root: HTMLElement, selection: Selection) {
  if (!selection.isCollapsed || selection.anchorNode !== root) return;
  const block = root.childNodes[Math.max(0, selection.anchorOffset - 1)];
  if (!(block instanceof HTMLElement) || ['hr', 'img'].includes(block.localName)) return;
  const last = block.lastChild;
  if (last instanceof HTMLElement && last.localName === 'br')
    selection.collapse(block, block.childNodes.length - 1);
  else if (selection.anchorOffset === 0) selection.collapse(block, 0);
  else selection.collapse(block, block.childNodes.length);
}

/**
 * Replaces a whole block with `html` (our own markup), the caret at the start of its `caret` end.
 * By hand: insertHTML over a selected block merges the new blocks into their neighbours. The
 * browser's undo stack does not see this step; an input event tells the form.
 */
function replaceBlock(el: HTMLElement, html: string, caret: 'first' | 'last') {
  const template = document.createElement('template');
  template.innerHTML = html || '<p><br></p>';
  const nodes = Array.from(template.content.childNodes);
  const root = el.parentElement?.closest('[contenteditable]');
  el.replaceWith(...nodes);
  const target = caret === 'first' ? nodes[0] : nodes[nodes.length - 1];
  if (target) getSelection()?.collapse(target, 0);
  root?.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Paragraphs from a code block's lines. */
function codeToParagraphs(pre: HTMLElement): string {
  const doc = document.implementation.createHTMLDocument('');
  for (const line of preText(pre).split('\n')) {
    const p = doc.body.appendChild(doc.createElement('p'));
    p.append(line || doc.createElement('br')); // an empty line needs a <br> to have a height
  }
  return doc.body.innerHTML;
}

function toggleBlock(root: HTMLElement, tag: 'h2' | 'h3' | 'blockquote' | 'pre') {
  const current = around(root, tag);
  if (!current) exec('formatBlock', tag);
  else if (tag === 'pre') replaceBlock(current, codeToParagraphs(current), 'first');
  // A quote of paragraphs (a stored article's) is unwrapped; the one formatBlock made is a block itself.
  else if (tag === 'blockquote' && current.querySelector('p, h2, h3, ul, ol, pre'))
    replaceBlock(current, cleanHtml(current.innerHTML), 'first');
  else exec('formatBlock', 'p');
}

export const COMMANDS: Record<ToolKey, (root: HTMLElement) => void> = {
  bold: () => exec('bold'),
  italic: () => exec('italic'),
  underline: () => exec('underline'),
  strike: () => exec('strikeThrough'),
  heading2: (root) => toggleBlock(root, 'h2'),
  heading3: (root) => toggleBlock(root, 'h3'),
  bulletList: () => exec('insertUnorderedList'),
  orderedList: () => exec('insertOrderedList'),
  blockquote: (root) => toggleBlock(root, 'blockquote'),
  codeBlock: (root) => toggleBlock(root, 'pre'),
  rule: () => exec('insertHorizontalRule'),
  undo: () => exec('undo'),
  redo: () => exec('redo'),
};

/** Which buttons light up for the current selection. */
export function activeState(root: HTMLElement): ActiveState {
  const list = around(root, 'ul, ol')?.localName;
  return {
    bold: document.queryCommandState('bold'),
    italic: document.queryCommandState('italic'),
    underline: document.queryCommandState('underline'),
    strike: document.queryCommandState('strikeThrough'),
    heading2: Boolean(around(root, 'h2')),
    heading3: Boolean(around(root, 'h3')),
    bulletList: list === 'ul',
    orderedList: list === 'ol',
    blockquote: Boolean(around(root, 'blockquote')),
    codeBlock: Boolean(around(root, 'pre')),
    link: Boolean(around(root, 'a[href]')),
  };
}

/** Sets, changes or (href '') removes the link on the selection or around the caret. */
export function setLink(root: HTMLElement, href: string) {
  const link = around(root, 'a[href]');
  const selection = getSelection()!;
  if (link && selection.isCollapsed) {
    // Like a caret inside a word: the command works on the whole link.
    const range = document.createRange();
    range.selectNodeContents(link);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  if (href === '') exec('unlink');
  else exec('createLink', href); // on a bare caret the browser inserts the address as the text
}

/** An image at the caret; building the element (in an inert document) escapes the attributes. */
export function insertImage(src: string, alt: string) {
  const img = document.implementation.createHTMLDocument('').createElement('img');
  img.setAttribute('src', src);
  img.setAttribute('alt', alt);
  exec('insertHTML', img.outerHTML);
}

/**
 * Enter on the empty last line of a code block leaves it (the code keeps its text, a paragraph
 * follows), as in most editors; elsewhere in the block Enter is a new line of code.
 */
export function leaveCodeBlock(root: HTMLElement): boolean {
  const pre = around(root, 'pre');
  const selection = getSelection();
  if (!pre || !selection?.isCollapsed || !selection.rangeCount) return false;
  const after = document.createRange();
  after.setStart(selection.getRangeAt(0).startContainer, selection.getRangeAt(0).startOffset);
  after.setEndAfter(pre.lastChild ?? pre);
  const before = document.createRange();
  before.setStartBefore(pre.firstChild ?? pre);
  before.setEnd(after.startContainer, after.startOffset);
  const holder = document.createElement('div');
  holder.append(before.cloneContents());
  const text = preText(holder, true);
  const atEnd = after.toString() === '';
  if (!atEnd || !/\n$|^$/.test(text)) return false;
  const code = document.createElement('pre');
  code.appendChild(document.createElement('code')).textContent = text.replace(/\n+$/, '');
  replaceBlock(pre, `${code.textContent ? code.outerHTML : ''}<p><br></p>`, 'last');
  return true;
}
