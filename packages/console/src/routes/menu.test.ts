import { describe, expect, it } from 'vitest';
import { convertTenantMenu, findMenuByPath, firstMenuPage, flattenMenu, menuAncestors } from './menu';

const rows = [
  {
    menuId: 'm1',
    menuName: 'Org',
    menuIcon: 'ApartmentOutlined',
    parentMenuId: '0',
    menuUrl: '',
    children: [{ menuId: 'p1', menuName: 'Orgs', menuIcon: '', parentMenuId: 'm1', menuUrl: 'orgManagement', children: [] }],
  },
  { menuId: 'p2', menuName: 'Apps', menuIcon: 'AppstoreOutlined', parentMenuId: '0', menuUrl: '/tenancy/appManagement', children: [] },
];

describe('tenant menu conversion (SPEC §3 Tenant menu row)', () => {
  it('maps menuId, menuName, menuIcon, parentMenuId, menuUrl to id, name, icon, parentID, target', () => {
    const tree = convertTenantMenu(rows, '/tenancy');
    expect(tree[0]).toMatchObject({ id: 'm1', name: 'Org', icon: 'ApartmentOutlined', parentID: '0', menuType: 'module', level: 1 });
    expect(tree[0]!.children![0]).toMatchObject({ id: 'p1', parentID: 'm1', target: '/tenancy/orgManagement', menuType: 'page', level: 2 });
    expect(tree[1]).toMatchObject({ id: 'p2', target: '/tenancy/appManagement', menuType: 'page' });
  });
  it("finds pages by path, the first page, and a page's ancestors", () => {
    const list = flattenMenu(convertTenantMenu(rows, '/tenancy'));
    expect(findMenuByPath(list, '/tenancy/appManagement/')?.id).toBe('p2');
    expect(firstMenuPage(convertTenantMenu(rows, '/tenancy'))?.id).toBe('p1');
    expect(menuAncestors(list, 'p1')).toEqual(['m1']);
    expect(convertTenantMenu(null, '/tenancy')).toEqual([]);
  });
});
