/**
 * Ant Design's frame, loaded after the sign-in page's first render (issue 17): the theme, antd's locale
 * for the current language, the 'no data' picture for every empty state, antd's App context and TanStack
 * Query (one client for the whole console: its cache outlives a change of area). Every
 * screen that uses antd renders inside `AntdShell` (the areas, /resetpw, /bigfile, 404, the login page's
 * dialogs and later steps); `FeedbackHost` carries the HTTP client's toasts and modals (FeedbackBridge).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { wantFeedbackHost } from '../../api/http/feedback';
import { antdLocaleOf } from '../../i18n';
import { useUiStore } from '../../stores/ui';
import { theme } from '../../theme';
import FeedbackBridge from '../FeedbackBridge';
import NoData from '../NoData';

const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already tells the user about failures (SPEC §8); a retry would repeat the popup.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const COMPACT_EMPTY = new Set(['Select', 'TreeSelect', 'Cascader', 'Transfer', 'Mentions', 'AutoComplete']);

/** ConfigProvider (theme, locale, empty states), antd's `<App>` and TanStack Query around `children`. */
export default function AntdShell({ children }: { children?: ReactNode }) {
  const language = useUiStore((s) => s.language);
  // antd is here now: the HTTP client's host can mount at no cost (its toasts are ready when needed)
  useEffect(() => {
    wantFeedbackHost();
  }, []);
  return (
    <ConfigProvider locale={antdLocaleOf(language)} theme={theme} renderEmpty={(name) => <NoData compact={COMPACT_EMPTY.has(name ?? '')} />}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** The HTTP client's toasts and modals (SPEC §8), themed like the screens. */
export function FeedbackHost() {
  return (
    <AntdShell>
      <FeedbackBridge />
    </AntdShell>
  );
}
