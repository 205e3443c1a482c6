/**
 * The root of the console (SPEC §1 Startup): loads the startup configuration and shows the routed
 * screens only after it succeeded (a failure is logged and the page stays blank, SPEC §8). Provides the
 * global spinner (on while requests are pending), the top progress bar (configuration flag progressBar,
 * SPEC §9 'Progress bar shown') and the mourning grey mode of the configuration. Ant Design (theme,
 * locale, empty states, App context) and TanStack Query are not here: screens get them from `AntdShell`
 * (components/AntdShell), loaded after the sign-in page's first render (issue 17); the HTTP client's
 * toasts and modals come from the feedback host, mounted when first wanted.
 */
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { loadStartupConfig } from './api/client';
import { useFeedbackHost } from './api/http/feedback';
import { LazyFeedbackHost } from './components/AntdShell/lazy';
import { GlobalSpinner } from './components/LightSpin';
import { createAppRouter } from './routes';
import { useConfigStore } from './stores/config';
import { selectGlobalLoading, useUiStore } from './stores/ui';

export default function App() {
  const loading = useUiStore(selectGlobalLoading);
  const mourning = useConfigStore((s) => s.login.mourningMode);
  const progressBar = useConfigStore((s) => s.login.progressBar);
  const feedbackHost = useFeedbackHost((s) => s.wanted);
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
    <>
      {router && <RouterProvider router={router} />}
      {progressBar && loading && <div className="mp-progress-bar" role="progressbar" aria-busy="true" data-testid="progress-bar" />}
      <GlobalSpinner spinning={loading} delay={120} />
      {feedbackHost && <LazyFeedbackHost />}
    </>
  );
}
