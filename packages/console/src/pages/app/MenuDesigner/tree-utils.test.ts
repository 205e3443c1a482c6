import { describe, expect, it } from 'vitest';
import type { AppMenuNode } from '@mp/protocol';
import { countDescendants, defaultExpandedKeys, dropToMove, findNode, searchMenuTree } from './tree-utils';

const node = (id: string, parentId: string, level: number, menuType: 'module' | 'page' | 'root', children: AppMenuNode[] = [], name = id): AppMenuNode => ({
  id,
  parentId,
  code: id,
  name,
  menuType,
  pageId: null,
  target: '',
  enabled: 1,
  sequence: 0,
  icon: '',
  iconUrl: '',
  description: '',
  platformType: 3,
  openType: 1,
  refresh: 0,
  updatedAt: '',
  level,
  children,
});
const tree = () =>
  node(
    '0',
    '',
    0,
    'root',
    [
      node('sales', '0', 1, 'module', [
        node('leads', 'sales', 2, 'page', [], 'Leads list'),
        node('deals', 'sales', 2, 'module', [node('won', 'deals', 3, 'page')]),
      ]),
      node('hr', '0', 1, 'module'),
      node('home', '0', 1, 'page', [], 'Home'),
    ],
    'CRM',
  );

describe('menu tree helpers', () => {
  it('finds nodes and counts descendants', () => {
    expect(findNode(tree(), 'won')?.parentId).toBe('deals');
    expect(findNode(tree(), 'nope')).toBeUndefined();
    expect(countDescendants(findNode(tree(), 'sales')!)).toBe(3);
  });

  it('expands the root and the level-one nodes with children by default', () => {
    expect(defaultExpandedKeys(tree())).toEqual(['0', 'sales']);
  });

  it('searches names and codes case-insensitively, keeping ancestors; an empty keyword resets; no match gives null', () => {
    const s = searchMenuTree(tree(), 'WON');
    expect(s.matchKeys).toEqual(['won']);
    expect(s.expandedKeys.sort()).toEqual(['0', 'deals', 'sales']);
    expect(s.tree!.children.map((c) => c.id)).toEqual(['sales']);
    expect(s.tree!.children[0]!.children.map((c) => c.id)).toEqual(['deals']);
    expect(searchMenuTree(tree(), 'leads LIST').matchKeys).toEqual(['leads']);
    expect(searchMenuTree(tree(), '  ').expandedKeys).toEqual(['0', 'sales']);
    expect(searchMenuTree(tree(), 'zzz').tree).toBeNull();
    // a matching module keeps its children
    expect(searchMenuTree(tree(), 'deals').tree!.children[0]!.children[0]!.children.map((c) => c.id)).toEqual(['won']);
  });

  it('turns drops into parent and position among the other children', () => {
    const t = tree();
    const drop = (dragId: string, targetId: string, dropToGap: boolean, relative: number, open = false) =>
      dropToMove(t, { dragId, targetId, dropToGap, relative, targetOpenWithChildren: open });
    expect(drop('home', 'sales', false, 0)).toEqual({ parentId: 'sales', index: 0 });
    expect(drop('home', 'sales', true, -1)).toEqual({ parentId: '0', index: 0 });
    expect(drop('home', 'hr', true, 1)).toEqual({ parentId: '0', index: 2 });
    expect(drop('sales', 'hr', true, 1)).toEqual({ parentId: '0', index: 1 });
    expect(drop('won', 'leads', true, 1)).toEqual({ parentId: 'sales', index: 1 });
    expect(drop('home', 'sales', true, 1, true)).toEqual({ parentId: 'sales', index: 0 });
    expect(drop('home', '0', true, 1)).toEqual({ parentId: '0', index: 0 });
  });
});
