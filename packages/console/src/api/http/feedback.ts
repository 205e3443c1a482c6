/**
 * Where the HTTP client shows toasts and modals: the antd `message` and `modal` instances of the
 * running `<App>` (so they follow the theme and locale), registered by `FeedbackBridge`. Ant Design is not
 * part of the sign-in page's first load (issue 17): until the bridge registers, what is to be shown waits in
 * a queue and `useFeedbackHost` asks the App to mount the antd host (components/AntdShell), which then
 * shows it. In tests (no host) the texts go to the console.
 */
import type { App } from 'antd';
import { createElement } from 'react';
import { create } from 'zustand';
import type { FailureAction, Text } from './error-rules';

/** The `message`, `modal` and `notification` APIs of antd's `App.useApp()`. */
export type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | null = null;
let translate: (key: string) => string = (k) => k;
/** What waits for the antd instances (shown in order once they register). */
let queue: ((f: Feedback) => void)[] = [];

/** `wanted` turns true when something is to be shown (or antd is used anyway): the App mounts the host. */
export const useFeedbackHost = create<{ wanted: boolean }>(() => ({ wanted: false }));

/** Asks the App for the antd host (idempotent). */
export function wantFeedbackHost(): void {
  if (!useFeedbackHost.getState().wanted) useFeedbackHost.setState({ wanted: true });
}

/** Registers the antd instances (called by the host's FeedbackBridge) and shows what waited for them. */
export function registerFeedback(f: Feedback | null): void {
  current = f;
  if (!f) return;
  const waiting = queue;
  queue = [];
  for (const show of waiting) show(f);
}

/**
 * Runs `show` with the antd instances: at once when registered, else after the host has mounted.
 * Without a host that ever mounts (tests) `fallback` logs instead.
 */
function withFeedback(show: (f: Feedback) => void, fallback: () => void): void {
  if (current) {
    show(current);
    return;
  }
  if (typeof document === 'undefined') {
    fallback();
    return;
  }
  queue.push(show);
  wantFeedbackHost();
}

/** A toast of `level` with a text already in the user's language (e.g. the login page's refusal notice). */
export function showToast(level: 'success' | 'info' | 'warning' | 'error', text: string): void {
  withFeedback(
    (f) => {
      void f.message[level](text);
    },
    () => console.warn(text),
  );
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
    const { level } = a.toast;
    const text = resolveText(a.toast.text);
    withFeedback(
      (f) => {
        void f.message[level](text);
      },
      () => console.error(text),
    );
  }
  if (a.modal) {
    const title = resolveText(a.modal.title);
    const content = a.modal.items
      ? createElement(
          'ul',
          { style: { margin: 0, paddingInlineStart: 20 } },
          a.modal.items.map((it, i) => createElement('li', { key: i }, it)),
        )
      : a.modal.text
        ? resolveText(a.modal.text)
        : '';
    const warning = a.modal.level === 'warning';
    withFeedback(
      (f) => {
        (warning ? f.modal.warning : f.modal.error)({ title, content, okText: translate('http:confirm') });
      },
      () => console.error(title, content),
    );
  }
}
