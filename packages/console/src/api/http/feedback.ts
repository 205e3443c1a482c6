/**
 * Where the HTTP client shows toasts and modals: the antd `message` and `modal` instances of the
 * running `<App>` (so they follow the theme and locale), registered by `FeedbackBridge`. Before that
 * registration (or in tests) the texts only go to the console.
 */
import type { App } from 'antd';
import { createElement } from 'react';
import type { FailureAction, Text } from './error-rules';

/** The `message`, `modal` and `notification` APIs of antd's `App.useApp()`. */
export type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | null = null;
let translate: (key: string) => string = (k) => k;

/** Registers the antd instances (called once by the App's FeedbackBridge). */
export function registerFeedback(f: Feedback | null): void {
  current = f;
}

/** Registers the translator for `http:` keys. */
export function registerTranslator(t: (key: string) => string): void {
  translate = t;
}

/** The text in the current language. */
export function resolveText(t: Text): string {
  return 'key' in t ? translate(`http:${t.key}`) : t.raw;
}

/** The registered antd instances, or null before the App has mounted. */
export function feedback(): Feedback | null {
  return current;
}

/** Shows what `decideFailure` decided (toast and/or modal); logs when no UI is registered. */
export function showFailure(a: FailureAction): void {
  if (a.toast) {
    const text = resolveText(a.toast.text);
    if (current) void current.message[a.toast.level](text);
    else console.error(text);
  }
  if (a.modal) {
    const title = resolveText(a.modal.title);
    const content = a.modal.items
      ? createElement('ul', { style: { margin: 0, paddingInlineStart: 20 } }, a.modal.items.map((it, i) => createElement('li', { key: i }, it)))
      : a.modal.text ? resolveText(a.modal.text) : '';
    if (current) {
      const open = a.modal.level === 'warning' ? current.modal.warning : current.modal.error;
      open({ title, content, okText: translate('http:confirm') });
    } else console.error(title, content);
  }
}
