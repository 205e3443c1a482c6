/**
 * Shows a stored rich-text body safely (`forDisplay`: DOMPurify allow-list, images with the viewer's code).
 * Usage: `<RichTextView html={notice.body} />`.
 */
import { useMemo } from 'react';
import { forDisplay } from './html';
import './rich-text.css';

export default function RichTextView({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => forDisplay(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by forDisplay (DOMPurify, our allow-list)
  return <div className={`mp-rich-text ${className ?? ''}`} data-testid="rich-text" dangerouslySetInnerHTML={{ __html: safe }} />;
}
