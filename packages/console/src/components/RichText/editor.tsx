/**
 * Rich-text editor (Tiptap 3: starter kit + image) as a controlled antd Form field (value = stored HTML,
 * without image codes). Images are uploaded to the file service (`uploadFile`, raster types up to 10M as
 * ImageUpload) and inserted at the notice image path; the editor shows them with the viewer's `code` and
 * hands back HTML without it (SPEC §7; `forDisplay` / `forStorage`). Links: http, https, mailto only.
 *
 * Usage: `<Form.Item name="body" label={…}><RichTextEditor label={…} /></Form.Item>`.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Spin, Tooltip } from 'antd';
import {
  BoldOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/files';
import { fileUrl } from '../../api/client';
import { ACCEPT_ATTRIBUTE, checkImageFile } from '../ImageUpload/check';
import { forDisplay, forStorage, noticeImagePath } from './html';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Accessible name of the editing area (the field label). */
  label: string;
  id?: string;
}

export default function RichTextEditor({ value, onChange, label, id }: RichTextEditorProps) {
  const { t } = useTranslation(['notice', 'common']);
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const last = useRef<string | undefined>(undefined);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' } },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: forDisplay(value ?? ''),
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : forStorage(e.getHTML());
      last.current = html;
      onChange?.(html);
    },
  });
  // A new value from outside (the form loaded another record): show it.
  useEffect(() => {
    if (!editor || value === last.current) return;
    last.current = value;
    editor.commands.setContent(forDisplay(value ?? ''), { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: !!e?.isActive('bold'),
      italic: !!e?.isActive('italic'),
      strike: !!e?.isActive('strike'),
      heading: !!e?.isActive('heading', { level: 3 }),
      bullet: !!e?.isActive('bulletList'),
      ordered: !!e?.isActive('orderedList'),
      quote: !!e?.isActive('blockquote'),
      link: !!e?.isActive('link'),
    }),
  });

  const onPick = async (file: File | undefined) => {
    if (!file || !editor) return;
    const problem = checkImageFile(file);
    if (problem) {
      void message.error(t(problem.key, problem.params));
      return;
    }
    setUploading(true);
    try {
      const up = await uploadFile(file, file.name);
      editor
        .chain()
        .focus()
        .setImage({ src: fileUrl(noticeImagePath(up.fileId)), alt: file.name })
        .run();
    } catch {
      /* shown by the client */
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const onLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt(t('editor.linkPrompt'), 'https://')?.trim();
    if (href && /^(https?:\/\/|mailto:)/i.test(href)) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  const tool = (key: string, icon: React.ReactNode, on: boolean, run: () => void) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={t(`editor.${key}`)}
        aria-pressed={on}
        className={on ? 'is-active' : undefined}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
        disabled={!editor}
      />
    </Tooltip>
  );
  const c = () => editor!.chain().focus();
  return (
    <div className="mp-rte">
      <div className="mp-rte-toolbar" role="toolbar" aria-label={label}>
        {tool('bold', <BoldOutlined />, !!active?.bold, () => c().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, !!active?.italic, () => c().toggleItalic().run())}
        {tool('strike', <StrikethroughOutlined />, !!active?.strike, () => c().toggleStrike().run())}
        {tool('heading', <FontSizeOutlined />, !!active?.heading, () => c().toggleHeading({ level: 3 }).run())}
        {tool('bulletList', <UnorderedListOutlined />, !!active?.bullet, () => c().toggleBulletList().run())}
        {tool('orderedList', <OrderedListOutlined />, !!active?.ordered, () => c().toggleOrderedList().run())}
        {tool(
          'quote',
          <span aria-hidden style={{ fontWeight: 700 }}>
            ❝
          </span>,
          !!active?.quote,
          () => c().toggleBlockquote().run(),
        )}
        {tool('link', <LinkOutlined />, !!active?.link, onLink)}
        {tool('image', uploading ? <Spin size="small" /> : <PictureOutlined />, false, () => fileInput.current?.click())}
        {tool('undo', <UndoOutlined />, false, () => c().undo().run())}
        {tool('redo', <RedoOutlined />, false, () => c().redo().run())}
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          style={{ display: 'none' }}
          data-testid="rte-image-input"
          onChange={(e) => void onPick(e.target.files?.[0])}
        />
      </div>
      <EditorContent editor={editor} className="mp-rte-content" />
    </div>
  );
}
