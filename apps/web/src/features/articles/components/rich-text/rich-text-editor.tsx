import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePickerModal } from '../../../../components/image-picker/image-picker-modal';
import { cleanHtml, editorValue, plainTextHtml } from './clean-html';
import {
  type ActiveState,
  activeState,
  around,
  COMMANDS,
  caretIntoBlock,
  insertImage,
  leaveCodeBlock,
  prepareDocument,
  setLink,
  type ToolKey,
} from './editor-commands';
import { EditorToolbar } from './toolbar';

interface Props {
  /** HTML at mount; later changes of the prop are not pushed into the editor (it owns the text). */
  value?: string;
  onChange?(html: string): void;
}

const SHORTCUTS: Record<string, ToolKey> = { b: 'bold', i: 'italic', u: 'underline' };

const sameState = (a: ActiveState, b: ActiveState) =>
  Object.keys(b).every((key) => a[key as keyof ActiveState] === b[key as keyof ActiveState]);

/** Whether the placeholder shows: no text, and at most the one empty paragraph the editor starts with. */
const isBlank = (root: HTMLElement, value: string) =>
  value === '' && root.children.length <= 1 && (root.firstElementChild?.localName ?? 'p') === 'p';

/**
 * Rich text as a form control: a contentEditable element, HTML in and out (editor-commands.ts says
 * why execCommand). What leaves it, and what a paste or a drop brings in, is cut down to the subset
 * the server keeps (clean-html.ts); images come from the uploaded files.
 */
export default function RichTextEditor({ value, onChange }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  /** The last selection inside the editor: toolbar, link popover and image picker act on it. */
  const saved = useRef<Range | null>(null);
  const initial = useRef(value ?? '');
  const changed = useRef(onChange);
  changed.current = onChange;
  const [active, setActive] = useState<ActiveState>({});
  const [blank, setBlank] = useState(!value);
  const [picking, setPicking] = useState(false);

  const refresh = () => {
    const root = ref.current!;
    const selection = getSelection();
    if (!selection?.rangeCount || !root.contains(selection.anchorNode)) return;
    caretIntoBlock(root, selection);
    saved.current = selection.getRangeAt(0).cloneRange();
    const next = activeState(root);
    setActive((prev) => (sameState(prev, next) ? prev : next));
  };

  useLayoutEffect(() => {
    const root = ref.current!;
    root.innerHTML = cleanHtml(initial.current) || '<p><br></p>';
    setBlank(isBlank(root, editorValue(root.innerHTML)));
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refresh);
    return () => document.removeEventListener('selectionchange', refresh);
  });

  const emit = () => {
    const root = ref.current!;
    const html = editorValue(root.innerHTML);
    setBlank(isBlank(root, html));
    changed.current?.(html);
    refresh();
  };

  /** Focus back in the editor with its last selection (a button or a dialog had taken it). */
  const restore = () => {
    const root = ref.current!;
    const selection = getSelection()!;
    const away = !root.contains(selection.anchorNode);
    // Focusing puts the caret at the start: the selection is put back after it.
    root.focus({ preventScroll: true });
    prepareDocument();
    if (saved.current && away) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };

  const run = (key: ToolKey) => {
    restore();
    COMMANDS[key](ref.current!);
    refresh();
  };

  /** A paste or a drop: cleaned HTML, or plain text with a paragraph per line (a code block takes text). */
  const insertTransfer = (data: DataTransfer | null) => {
    const html = data?.getData('text/html') ?? '';
    const text = data?.getData('text/plain') ?? '';
    if (around(ref.current!, 'pre') || (!html && !/[\r\n]/.test(text))) {
      if (text) document.execCommand('insertText', false, text);
      return;
    }
    const clean = html ? cleanHtml(html) : plainTextHtml(text);
    if (clean) document.execCommand('insertHTML', false, clean);
  };

  return (
    <div className="rich-text" data-testid="rich-text">
      <EditorToolbar
        active={active}
        onRun={run}
        onImage={() => setPicking(true)}
        linkAt={() =>
          around(ref.current!, 'a[href]', saved.current?.startContainer)?.getAttribute('href') ?? ''
        }
        onLink={(href) => {
          restore();
          setLink(ref.current!, href);
          refresh();
        }}
      />
      <div className="rich-text-content article-content" data-testid="rich-text-content">
        {/* biome-ignore lint/a11y/useSemanticElements: rich text cannot live in a textarea or an input */}
        <div
          ref={ref}
          className="rich-text-editable"
          contentEditable
          tabIndex={0}
          role="textbox"
          aria-multiline="true"
          // The editable area is a textbox: it needs a name (axe: aria-input-field-name).
          aria-label={t('content.form.content')}
          aria-placeholder={t('content.editor.placeholder')}
          data-placeholder={t('content.editor.placeholder')}
          data-blank={blank || undefined}
          onFocus={prepareDocument}
          onInput={emit}
          onKeyDown={(event) => {
            const mod = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
            const tool = mod ? SHORTCUTS[event.key.toLowerCase()] : undefined;
            if (tool) {
              event.preventDefault();
              run(tool);
            } else if (event.key === 'Enter' && !event.shiftKey && leaveCodeBlock(ref.current!)) {
              event.preventDefault();
            }
          }}
          onPaste={(event) => {
            event.preventDefault();
            insertTransfer(event.clipboardData);
          }}
          onDrop={(event) => {
            event.preventDefault();
            const at = document.caretRangeFromPoint?.(event.clientX, event.clientY);
            if (at) {
              getSelection()?.removeAllRanges();
              getSelection()?.addRange(at);
            }
            insertTransfer(event.dataTransfer);
          }}
        />
      </div>
      <ImagePickerModal
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(file) => {
          restore();
          insertImage(file.url, file.name);
        }}
      />
    </div>
  );
}
