/** Rich text: the Tiptap editor (form field) and the safe view (docs/notices.md "Rich text"). */
export { default as RichTextEditor } from './editor';
export { default as RichTextView } from './view';
export { forDisplay, forStorage, noticeImagePath } from './html';
