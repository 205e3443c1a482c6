/**
 * Light handles on the Ant Design frame (issue 17: antd is not in the sign-in page's first load):
 * `WithAntd` renders its children inside `AntdShell` once antd's code has arrived; `LazyFeedbackHost`
 * is the HTTP client's toast and modal host, mounted when first wanted.
 */
import { lazy, Suspense, type ReactNode } from 'react';

const AntdShell = lazy(() => import('./index'));
const FeedbackHost = lazy(() => import('./index').then((m) => ({ default: m.FeedbackHost })));

/** `children` inside antd's ConfigProvider and App; `fallback` (default nothing) while antd loads. */
export function WithAntd({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdShell>{children}</AntdShell>
    </Suspense>
  );
}

/** The HTTP client's feedback host (see api/http/feedback.ts `useFeedbackHost`). */
export function LazyFeedbackHost() {
  return (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  );
}
