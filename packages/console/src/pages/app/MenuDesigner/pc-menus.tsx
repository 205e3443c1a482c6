/**
 * The "PC menus" tab of the menu designer (SPEC §2 Menu manager, §4 Editing): the tree on the left
 * (menu-tree.tsx), the form on the right (menu-form.tsx), and the §4 rules between them — switching away
 * from unsaved edits asks to discard; a new node must be saved before another is added; no menu under a
 * page (also for drops, which are checked with the server's rule `checkAppMenuPlace` first and say why
 * they are refused); the root cannot be deleted; deleting a module confirms its subtree.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_MENU_ROOT, checkAppMenuPlace, type AppMenuFields, type AppMenuNode } from '@mp/protocol';
import { addAppMenu, deleteAppMenu, editAppMenu, listAppMenuPages, moveAppMenu, treeAppMenus } from '../../../api/app-menus';
import MenuForm from './menu-form';
import MenuTree, { NEW_KEY } from './menu-tree';
import { countDescendants, defaultExpandedKeys, dropToMove, findNode, type DropInfo } from './tree-utils';

/** `root` with an unsaved new node under `parentId` (shown and selected while it is edited). */
function withDraft(root: AppMenuNode, parentId: string): AppMenuNode {
  const add = (n: AppMenuNode): AppMenuNode => ({
    ...n,
    children:
      n.id === parentId
        ? [...n.children, { ...n, id: NEW_KEY, parentId, code: '', name: '', menuType: 'module', level: n.level + 1, enabled: 1, icon: '', children: [] }]
        : n.children.map(add),
  });
  return add(root);
}

/** See the module docs. `appId` keys the queries. */
export default function PcMenus({ appId }: { appId: string }) {
  const { t } = useTranslation(['appmenu', 'errors']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const treeKey = useMemo(() => ['appmenus', appId] as const, [appId]);
  const tree = useQuery({ queryKey: treeKey, queryFn: () => treeAppMenus() });
  const pages = useQuery({ queryKey: ['appmenu-pages', appId], queryFn: () => listAppMenuPages({ silent: true }) });
  const [selected, setSelected] = useState<string | null>(APP_MENU_ROOT);
  const [draftParent, setDraftParent] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const root = tree.data;
  useEffect(() => {
    if (root && expanded === null) setExpanded(defaultExpandedKeys(root));
  }, [root, expanded]);
  const shown = root && draftParent ? withDraft(root, draftParent) : root;
  const node = shown && selected ? (findNode(shown, selected) ?? null) : null;
  const reload = () => queryClient.invalidateQueries({ queryKey: treeKey });

  /** Runs `go` now, or after the user agrees to discard unsaved edits (SPEC §4). */
  const leave = (go: () => void) => {
    if (!dirty && !draftParent) return go();
    modal.confirm({
      title: t('unsavedTitle'),
      content: t('unsavedContent'),
      okText: t('discard'),
      cancelText: t('keepEditing'),
      onOk: () => {
        setDraftParent(null);
        setDirty(false);
        go();
      },
    });
  };

  const select = (id: string) => {
    if (id !== selected) leave(() => setSelected(id));
  };

  const startNew = (parentId: string) => {
    if (draftParent) return void message.warning(t('saveFirst'));
    const parent = root && findNode(root, parentId);
    if (parent?.menuType === 'page') return void message.warning(t('underPage'));
    leave(() => {
      setDraftParent(parentId);
      setSelected(NEW_KEY);
      setExpanded((e) => [...new Set([...(e ?? []), parentId])]);
    });
  };

  const remove = () => {
    if (!node) return;
    if (node.id === APP_MENU_ROOT) return void message.error(t('rootDelete'));
    if (node.id === NEW_KEY) {
      setDraftParent(null);
      setDirty(false);
      setSelected(APP_MENU_ROOT);
      return;
    }
    const count = countDescendants(node);
    modal.confirm({
      title: t('deleteTitle', { name: node.name }),
      content: count ? t('deleteSubtree', { count }) : t('deleteContent'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteAppMenu(node.id, count > 0);
        void message.success(t('deleted'));
        setDirty(false);
        setSelected(node.parentId);
        await reload();
      },
    });
  };

  const save = async (fields: AppMenuFields) => {
    setSaving(true);
    try {
      const row = draftParent && selected === NEW_KEY ? await addAppMenu({ parentId: draftParent, ...fields }) : await editAppMenu({ id: node!.id, ...fields });
      void message.success(t('saved'));
      setDraftParent(null);
      setDirty(false);
      await reload();
      setSelected(row.id);
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  const drop = (d: DropInfo) => {
    if (!root) return;
    const move = dropToMove(root, d);
    const problem = checkAppMenuPlace(root, move.parentId, d.dragId);
    if (problem) return void message.warning(t(`errors:${problem.code}`, problem.params));
    leave(async () => {
      try {
        await moveAppMenu({ id: d.dragId, ...move });
        void message.success(t('moved'));
        setExpanded((e) => [...new Set([...(e ?? []), move.parentId])]);
        await reload();
      } catch {
        /* shown by the client */
      }
    });
  };

  if (!shown)
    return (
      <Spin spinning={tree.isLoading}>
        <Empty description={tree.isError ? t('errors:protocol.server_error', { requestId: '' }) : undefined} />
      </Spin>
    );
  const isRoot = node?.id === APP_MENU_ROOT;
  const isNew = node?.id === NEW_KEY;
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="360px">
        <Card size="small" title={t('treeTitle')}>
          <Space size={6} wrap style={{ marginBottom: 12 }} role="toolbar" aria-label={t('treeTitle')}>
            <Button size="small" icon={<SubnodeOutlined />} disabled={!node} onClick={() => node && startNew(node.id)}>
              {t('addChild')}
            </Button>
            <Button size="small" icon={<PlusOutlined />} disabled={!node || isRoot} onClick={() => node && startNew(node.parentId)}>
              {t('addSibling')}
            </Button>
            <Button size="small" danger icon={<DeleteOutlined />} disabled={!node} onClick={remove}>
              {t('delete')}
            </Button>
          </Space>
          <MenuTree
            root={shown}
            keyword={keyword}
            onKeyword={setKeyword}
            expandedKeys={expanded ?? []}
            onExpand={setExpanded}
            selected={selected}
            onSelect={select}
            onDrop={drop}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card size="small" title={isNew ? t('newMenu') : node && !isRoot ? node.name : shown.name}>
          {!node ? (
            <Empty description={t('pickHint')} />
          ) : isRoot ? (
            <Typography.Paragraph type="secondary">{t('rootHint')}</Typography.Paragraph>
          ) : (
            <MenuForm
              key={`${node.id}:${node.updatedAt}`}
              node={isNew ? null : node}
              pages={pages.data ?? []}
              saving={saving}
              onSave={(f) => void save(f)}
              onDirty={setDirty}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
