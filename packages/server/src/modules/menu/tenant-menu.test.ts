import { describe, expect, it } from 'vitest';
import { resources } from '@mp/i18n';
import { TENANT_MENU } from './tenant-menu.js';

describe('tenant menu texts', () => {
  it('names every tenant screen alike in the side menu and in its tab and breadcrumb, in the three languages', () => {
    for (const locale of ['zh-CN', 'en-US', 'ja-JP'] as const) {
      const r = resources[locale] as unknown as { layout: { route: Record<string, string> }; menu: Record<string, string> };
      const differing = TENANT_MENU.filter((m) => !r.menu[m.code] || r.layout.route[m.code] !== r.menu[m.code]).map((m) => m.code);
      expect(differing, locale).toEqual([]);
    }
  });
});
