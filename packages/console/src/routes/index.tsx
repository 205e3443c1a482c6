/**
 * The router (SPEC §2: history mode): public /login, /resetpw, /bigfile; one root per user type with
 * every child route of SPEC §2, lazy-loaded, titled through the route `handle` (RouteMeta); '/' goes to
 * the signed-in user's home or /login; anything else shows 404.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../components/LightSpin';
import PublicLayout from '../layouts/PublicLayout';
import { registerNavigator } from '../api/http/navigation';
import { ensureAllTexts } from '../i18n';
import { useConfigStore } from '../stores/config';
import { useSessionStore } from '../stores/session';
import { sessionUserTypes } from '../stores/session-actions';
import RouteError from './route-error';
import { withChunkTimeout } from './chunk-load';
import { AREAS, areaRoutes, homeOf } from './areas';
import type { AreaDef, RouteMeta, ScreenModule } from './types';

/**
 * A route's screen, loaded with every text of the language, except `'first'` (the sign-in page: its first
 * texts, no antd). `'shell'` screens outside an area also get Ant Design's frame (AntdShell); area screens
 * have it from their root (area-frame.tsx). Issue 17.
 */
function lazyScreen(load: ScreenModule, mode: 'first' | 'shell' | 'area' = 'area'): RouteObject['lazy'] {
  return async () => {
    const [mod, shell] = await withChunkTimeout(
      Promise.all([load(), mode === 'shell' ? import('../components/AntdShell') : undefined, mode === 'first' ? undefined : ensureAllTexts()]),
    );
    const Screen = mod.default as ComponentType;
    if (!shell) return { Component: Screen };
    const Shell = shell.default;
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route load (React Router keeps the lazy result), not on each render
    const ShellScreen = () => (
      <Shell>
        <Screen />
      </Shell>
    );
    return { Component: ShellScreen };
  };
}

/** Shown while the first screen's code loads. */
const hydrateFallbackElement = (
  <div className="mp-suspense">
    <Spinner />
  </div>
);

// The area frame (antd, guard, menus, tabs, bells, profile) loads with the first area screen, not with /login (issue 17).
const AreaFrame = lazy(() => withChunkTimeout(import('./area-frame')));

function areaRoute(area: AreaDef): RouteObject {
  return {
    path: area.root,
    element: (
      <Suspense fallback={hydrateFallbackElement}>
        <AreaFrame area={area} />
      </Suspense>
    ),
    handle: { titleKey: area.titleKey, icon: 'home', userType: area.userType } satisfies RouteMeta,
    children: [
      { index: true, element: null },
      ...areaRoutes(area).map((r): RouteObject => {
        const parent = r.group ? area.groups?.find((g) => g.key === r.group) : undefined;
        const handle: RouteMeta = { titleKey: r.titleKey, icon: r.icon, userType: area.userType };
        if (parent) handle.parentTitleKey = parent.titleKey;
        return { path: r.path, handle, lazy: lazyScreen(r.load), hydrateFallbackElement, errorElement: <RouteError /> };
      }),
      { path: '*', element: null },
    ],
  };
}

/** '/' → the home of the signed-in user's first user type, else /login. */
function RootRedirect() {
  const info = useSessionStore((s) => s.userInfo);
  const config = useConfigStore((s) => s.login);
  const first = sessionUserTypes(info)[0];
  return <Navigate to={first ? homeOf(first, config) : '/login'} replace />;
}

const publicMeta = (titleKey: string): RouteMeta => ({ titleKey, icon: '', public: true });

// a failed chunk or a throwing screen shows RouteError: inside the frame for an area's screens, else on its own
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/login', handle: publicMeta('login:title'), lazy: lazyScreen(() => import('../pages/Login'), 'first'), hydrateFallbackElement },
          {
            path: '/resetpw',
            handle: publicMeta('login:reset.title'),
            lazy: lazyScreen(() => import('../pages/ResetPassword'), 'shell'),
            hydrateFallbackElement,
          },
          { path: '/bigfile', handle: publicMeta('route.bigfile'), lazy: lazyScreen(() => import('../pages/BigFile'), 'shell'), hydrateFallbackElement },
        ],
      },
      ...AREAS.map(areaRoute),
      { path: '*', lazy: lazyScreen(() => import('../pages/NotFound'), 'shell'), hydrateFallbackElement },
    ],
  },
];

/** Builds the browser router and lets non-React code (the HTTP client) navigate with it. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to) => {
    void router.navigate(to);
  });
  return router;
}
