/**
 * An area root's element, loaded with its first screen (issue 17: nothing of it on the sign-in page):
 * Ant Design's frame (AntdShell), the routing guard and the signed-in frame (BasicLayout: menus, tabs,
 * bells, profile), which loads with every text of the language.
 */
import { lazy, Suspense } from 'react';
import AntdShell from '../components/AntdShell';
import { Spinner } from '../components/LightSpin';
import { ensureAllTexts } from '../i18n';
import { withChunkTimeout } from './chunk-load';
import AreaGuard from './area-guard';
import type { AreaDef } from './types';

const BasicLayout = lazy(() => withChunkTimeout(Promise.all([import('../layouts/BasicLayout'), ensureAllTexts()])).then(([m]) => m));

export default function AreaFrame({ area }: { area: AreaDef }) {
  return (
    <AntdShell>
      <AreaGuard area={area}>
        <Suspense
          fallback={
            <div className="mp-suspense">
              <Spinner />
            </div>
          }
        >
          <BasicLayout area={area} />
        </Suspense>
      </AreaGuard>
    </AntdShell>
  );
}
