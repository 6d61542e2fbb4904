import { EditorContent, useEditor } from '@tiptap/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePickerModal } from '../../../../components/image-picker/image-picker-modal';
import { editorExtensions } from './extensions';
import { EditorToolbar } from './toolbar';

interface Props {
  /** HTML at mount; later changes of the prop are not pushed into the editor (it owns the text). */
  value?: string;
  onChange?(html: string): void;
}

/** TipTap rich text as a form control: HTML in, HTML out; images come from the uploaded files. */
export default function RichTextEditor({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const editor = useEditor({
    extensions: editorExtensions(t('content.editor.placeholder')),
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    // The editable area is a textbox: it needs a name (axe: aria-input-field-name).
    editorProps: { attributes: { 'aria-label': t('content.form.content') } },
  });
  return (
    <div className="rich-text" data-testid="rich-text">
      <EditorToolbar editor={editor} onImage={() => setPicking(true)} />
      <EditorContent
        editor={editor}
        className="rich-text-content article-content"
        data-testid="rich-text-content"
      />
      <ImagePickerModal
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(file) => editor.chain().focus().setImage({ src: file.url, alt: file.name }).run()}
      />
    </div>
  );
}
