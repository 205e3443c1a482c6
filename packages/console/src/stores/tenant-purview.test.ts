import { describe, expect, it } from 'vitest';
import { convertTenantMenu } from '../routes/menu';
import { isWritable, menuPurview } from './tenant-purview';

describe('control grants in the console', () => {
  it('shows write controls only for menus granted with write (server menus), always for fixed menus', () => {
    const list = convertTenantMenu(
      [
        { menuId: 'orgManagement', menuName: 'Orgs', menuIcon: '', parentMenuId: '0', menuUrl: '/tenancy/orgManagement', purview: 3, children: [] },
        { menuId: 'auditlog', menuName: 'Audit', menuIcon: '', parentMenuId: '0', menuUrl: '/tenancy/auditlog', purview: 1, children: [] },
        { menuId: 'legacy', menuName: 'Old', menuIcon: '', parentMenuId: '0', menuUrl: '/tenancy/legacy', children: [] },
      ],
      '/tenancy',
    );
    expect(isWritable(menuPurview(list, 'orgManagement'))).toBe(true);
    expect(isWritable(menuPurview(list, 'auditlog'))).toBe(false);
    expect(isWritable(menuPurview(list, 'legacy'))).toBe(true);
    expect(isWritable(menuPurview(list, 'dashboard'))).toBe(true);
  });
});
