/**
 * The root of the console (SPEC §1 Startup): loads the startup configuration and shows the routed
 * screens only after it succeeded (a failure is logged and the page stays blank, SPEC §8). Provides the
 * theme, Ant Design's locale for the current language, the 'no data' picture for every empty state,
 * antd's App context (toasts follow the theme), TanStack Query, the global spinner (on while requests
 * are pending), the top progress bar (configuration flag progressBar, SPEC §9 'Progress bar shown')
 * and the mourning grey mode of the configuration.
 */
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { loadStartupConfig } from './api/client';
import FeedbackBridge from './components/FeedbackBridge';
import NoData from './components/NoData';
import { antdLocaleOf } from './i18n';
import { createAppRouter } from './routes';
import { useConfigStore } from './stores/config';
import { selectGlobalLoading, useUiStore } from './stores/ui';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already tells the user about failures (SPEC §8); a retry would repeat the popup.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const COMPACT_EMPTY = new Set(['Select', 'TreeSelect', 'Cascader', 'Transfer', 'Mentions', 'AutoComplete']);

export default function App() {
  const language = useUiStore((s) => s.language);
  const loading = useUiStore(selectGlobalLoading);
  const mourning = useConfigStore((s) => s.login.mourningMode);
  const progressBar = useConfigStore((s) => s.login.progressBar);
  const [router, setRouter] = useState<ReturnType<typeof createAppRouter> | null>(null);

  useEffect(() => {
    loadStartupConfig()
      .then(() => setRouter(createAppRouter()))
      .catch((e: unknown) => console.error('[startup] configuration failed to load', e));
  }, []);

  useEffect(() => {
    document.documentElement.classList.toggle('mp-mourning', mourning);
  }, [mourning]);

  return (
    <ConfigProvider
      locale={antdLocaleOf(language)}
      theme={theme}
      renderEmpty={(name) => <NoData compact={COMPACT_EMPTY.has(name ?? '')} />}
    >
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          {router && <RouterProvider router={router} />}
        </QueryClientProvider>
        {progressBar && loading && <div className="mp-progress-bar" role="progressbar" aria-busy="true" data-testid="progress-bar" />}
        <Spin fullscreen spinning={loading} delay={120} data-testid="global-spinner" />
      </AntApp>
    </ConfigProvider>
  );
}
