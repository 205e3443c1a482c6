/**
 * The left-hand tree of the menu designer (SPEC §2 Menu manager, §4 menu search): the root '0' named
 * after the application, each node with its icon, name, code and a 'disabled' tag; the search box
 * (case-insensitive on name and code, matches highlighted; an empty keyword resets to the default
 * expansion; no match says 'No results were found'); drag and drop when not searching. The tree is
 * antd's, so arrow keys move, Space selects, Enter selects a page or opens/closes a module.
 */
import { useMemo, type ReactNode } from 'react';
import { Input, Tag, Tree, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { FileOutlined, FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_MENU_ROOT, type AppMenuNode } from '@mp/protocol';
import NoData from '../../../components/NoData';
import IconView from '../../../components/IconChooser/icon-view';
import { searchMenuTree, type DropInfo } from './tree-utils';

/** The key of an unsaved new node shown in the tree. */
export const NEW_KEY = '__new__';

export interface MenuTreeProps {
  root: AppMenuNode;
  keyword: string;
  onKeyword: (k: string) => void;
  expandedKeys: string[];
  onExpand: (keys: string[]) => void;
  selected: string | null;
  onSelect: (id: string) => void;
  onDrop: (d: DropInfo) => void;
}

function highlight(text: string, keyword: string): ReactNode {
  const k = keyword.trim().toLowerCase();
  const at = k ? text.toLowerCase().indexOf(k) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark className="mp-menu-hit">{text.slice(at, at + k.length)}</mark>
      {text.slice(at + k.length)}
    </>
  );
}

/** See the module docs. */
export default function MenuTree({ root, keyword, onKeyword, expandedKeys, onExpand, selected, onSelect, onDrop }: MenuTreeProps) {
  const { t } = useTranslation('appmenu');
  const search = useMemo(() => searchMenuTree(root, keyword), [root, keyword]);
  const searching = keyword.trim() !== '';

  const treeData = useMemo(() => {
    const toData = (n: AppMenuNode): TreeDataNode => {
      const icon =
        n.id === APP_MENU_ROOT ? (
          <HomeOutlined />
        ) : n.id === NEW_KEY ? (
          <FileOutlined />
        ) : n.icon ? (
          <IconView value={n.icon} />
        ) : n.menuType === 'module' ? (
          <FolderOutlined />
        ) : (
          <FileOutlined />
        );
      const title = (
        <span className="mp-menu-node" data-menu-code={n.code || undefined}>
          <span style={{ marginInlineEnd: 6 }}>{icon}</span>
          <span>{n.id === NEW_KEY ? <i>{t('newMenu')}</i> : highlight(n.name, keyword)}</span>
          {n.code && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
              {highlight(n.code, keyword)}
            </Typography.Text>
          )}
          {n.enabled === 0 && <Tag style={{ marginInlineStart: 6 }}>{t('disabledTag')}</Tag>}
        </span>
      );
      return { key: n.id, title, children: n.children.map(toData), isLeaf: n.menuType === 'page' || n.id === NEW_KEY };
    };
    return search.tree ? [toData(search.tree)] : [];
  }, [search.tree, keyword, t]);

  const drop: TreeProps['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    onDrop({
      dragId: String(info.dragNode.key),
      targetId: String(info.node.key),
      dropToGap: info.dropToGap,
      relative,
      targetOpenWithChildren: !!info.node.expanded && (info.node.children?.length ?? 0) > 0,
    });
  };

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        defaultValue={keyword}
        onSearch={onKeyword}
        onChange={(e) => {
          if (!e.target.value) onKeyword('');
        }}
        style={{ marginBottom: 12 }}
      />
      {!search.tree ? (
        <NoData compact description={t('noResults')} />
      ) : (
        <Tree
          blockNode
          showLine
          draggable={searching ? false : { icon: false, nodeDraggable: (n) => n.key !== APP_MENU_ROOT && n.key !== NEW_KEY }}
          treeData={treeData}
          expandedKeys={searching ? search.expandedKeys : expandedKeys}
          onExpand={(keys) => onExpand(keys.map(String))}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys, info) => onSelect(String(keys[0] ?? info.node.key))}
          onDrop={drop}
          aria-label={t('treeTitle')}
        />
      )}
      {!searching && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
          {t('dragHint')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
