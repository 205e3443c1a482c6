/**
 * A page's designer (SPEC §2 Page manager "tree of forms and controls"; §4 Editing nesting rules;
 * §8 'please select a form or control node', 'this node has no data'): on the left the tree of forms,
 * controls and columns with Add form / Add control (the types §4 allows under the chosen node; others
 * disabled) / Add column (grids only) / Delete (confirmed; a second confirmation when roles hold the
 * controls) and drag-and-drop moves the rules allow; on the right the chosen node's settings
 * (NodeForm). Import (a setting file replaces the tree) and Export (downloads it) in the header.
 */
import { useMemo, useState, type Key } from 'react';
import { App, Button, Card, Col, Dropdown, Popconfirm, Row, Space, Spin, Tag, Tree, Typography, Upload, type TreeDataNode, type TreeProps } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, DownloadOutlined, DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTROL_TYPES, nestingProblem, SETTING_FILE_MAX_BYTES, type AppPageDetail, type AppPageNode, type PageNodeTypeValue } from '@mp/protocol';
import NoData from '../../../../components/NoData';
import { deleteNode, exportPage, getPage, importPage, moveNode } from '../../../../api/app-pages';
import NodeForm from './node-form';
import { downloadText, readSettingFile, useGrantConfirm } from './feedback';

const TYPE_COLORS: Record<string, string> = {
  form: 'blue',
  composite: 'purple',
  button: 'orange',
  grid: 'cyan',
  input: 'green',
  display: 'geekblue',
  column: 'default',
};

interface Indexed {
  node: AppPageNode;
  parent: AppPageNode | null;
}

export default function Designer({ pageId, onBack }: { pageId: string; onBack: () => void }) {
  const { t } = useTranslation(['apppage', 'common', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = useMemo(() => ['apppage', pageId] as const, [pageId]);
  const page = useQuery({ queryKey: key, queryFn: () => getPage(pageId), staleTime: 0 });
  const [selected, setSelected] = useState<string | null>(null);
  // Every node is expanded unless the user folded it (new nodes show at once).
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [adding, setAdding] = useState<{ parent: AppPageNode | null; nodeType: PageNodeTypeValue } | null>(null);
  const confirmGrants = useGrantConfirm();
  const setDetail = (d: AppPageDetail) => queryClient.setQueryData(key, d);

  const index = useMemo(() => {
    const m = new Map<string, Indexed>();
    const walk = (list: AppPageNode[], parent: AppPageNode | null) =>
      list.forEach((n) => {
        m.set(n.id, { node: n, parent });
        walk(n.children, n);
      });
    walk(page.data?.tree ?? [], null);
    return m;
  }, [page.data]);
  const current = selected ? index.get(selected) : undefined;
  const currentType = current?.node.nodeType ?? null;

  const startAdd = (nodeType: PageNodeTypeValue) => {
    const parent = nodeType === 'form' ? null : (current?.node ?? null);
    const problem = nestingProblem(parent?.nodeType ?? null, nodeType);
    if (problem) {
      void message.warning(t(`errors:${problem}` as never));
      return;
    }
    setAdding({ parent, nodeType });
  };

  const remove = async () => {
    if (!current) return;
    try {
      if (await confirmGrants((confirm) => deleteNode(current.node.id, confirm))) {
        setDetail(await getPage(pageId));
        setSelected(current.parent?.id ?? null);
        void message.success(t('common:deleteSucceeded'));
      }
    } catch {
      /* shown by the client */
    }
  };

  const importFile = async (file: File) => {
    const read = await readSettingFile(file, SETTING_FILE_MAX_BYTES);
    if ('problem' in read) {
      void message.error(t(read.problem));
      return;
    }
    try {
      const done = await confirmGrants((confirm) => importPage(pageId, { fileName: file.name, content: read.content }, confirm));
      if (done?.row) {
        setDetail({ row: done.row, tree: done.tree });
        setSelected(null);
        setAdding(null);
        void message.success(t('importDone'));
      }
    } catch {
      /* shown by the client */
    }
  };

  const treeData = useMemo<TreeDataNode[]>(() => {
    const toData = (n: AppPageNode): TreeDataNode => ({
      key: n.id,
      title: (
        <span data-testid={`node-${n.name}`}>
          <Tag color={TYPE_COLORS[n.nodeType]} style={{ marginInlineEnd: 6 }}>
            {t(`nodeType.${n.nodeType}` as never)}
          </Tag>
          {n.name}
          {n.alias ? <Typography.Text type="secondary"> · {n.alias}</Typography.Text> : null}
        </span>
      ),
      children: n.children.map(toData),
    });
    return (page.data?.tree ?? []).map(toData);
  }, [page.data, t]);

  // A drop inside a node makes the dragged node its first child; in a gap, a sibling before/after it.
  const placement = (info: { dropNode: { key: Key }; dropPosition: number }) => {
    const target = index.get(String(info.dropNode.key));
    if (!target) return null;
    return info.dropPosition === 0 ? { parent: target.node, before: null as AppPageNode | null } : { parent: target.parent, before: target.node };
  };
  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const dragged = index.get(String(dragNode.key));
    const place = placement({ dropNode, dropPosition });
    return Boolean(dragged && place && !nestingProblem(place.parent?.nodeType ?? null, dragged.node.nodeType));
  };
  const drop: TreeProps['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const target = index.get(String(info.node.key));
    const dragged = index.get(String(info.dragNode.key));
    if (!target || !dragged) return;
    const inside = !info.dropToGap;
    const parent = inside ? target.node : target.parent;
    const siblings = (parent ? parent.children : (page.data?.tree ?? [])).filter((s) => s.id !== dragged.node.id);
    const at = siblings.findIndex((s) => s.id === target.node.id);
    const position = inside ? 0 : relative < 0 ? Math.max(at, 0) : at + 1;
    void moveNode({ id: dragged.node.id, parentId: parent?.id ?? '', index: position }).then(setDetail, () => undefined);
  };

  if (page.isLoading || !page.data)
    return (
      <Card variant="borderless" className="mp-page-card">
        <Spin />
      </Card>
    );
  const row = page.data.row;
  const controlItems = CONTROL_TYPES.map((c) => ({ key: c, label: t(`nodeType.${c}` as never), disabled: Boolean(nestingProblem(currentType, c)) }));
  const canAddControl = currentType === 'form' || currentType === 'composite';

  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('back')} />
          <span data-testid="designer-title">{t('designerTitle', { name: row.name })}</span>
          <Typography.Text type="secondary" code>
            {row.formId}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(f) => {
              void importFile(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="designer-import">
              {t('import')}
            </Button>
          </Upload>
          <Button
            icon={<DownloadOutlined />}
            data-testid="designer-export"
            onClick={() =>
              void exportPage(pageId).then(
                (f) => {
                  downloadText(f.fileName, f.content);
                  void message.success(t('exportDone'));
                },
                () => undefined,
              )
            }
          >
            {t('export')}
          </Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col xs={24} md={10} lg={9}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button size="small" icon={<PlusOutlined />} onClick={() => startAdd('form')} data-testid="add-form">
              {t('addForm')}
            </Button>
            {canAddControl ? (
              <Dropdown menu={{ items: controlItems, onClick: ({ key: k }) => startAdd(k as PageNodeTypeValue) }}>
                <Button size="small" icon={<PlusOutlined />} data-testid="add-control">
                  {t('addControl')} <DownOutlined />
                </Button>
              </Dropdown>
            ) : (
              <Button size="small" icon={<PlusOutlined />} data-testid="add-control" onClick={() => startAdd('button')}>
                {t('addControl')}
              </Button>
            )}
            <Button size="small" icon={<PlusOutlined />} disabled={currentType !== 'grid'} onClick={() => startAdd('column')} data-testid="add-column">
              {t('addColumn')}
            </Button>
            <Popconfirm
              title={t('deleteNodeTitle', { name: current?.node.name ?? '' })}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove()}
              disabled={!current}
            >
              <Button size="small" danger icon={<DeleteOutlined />} disabled={!current} data-testid="delete-node">
                {t('deleteNode')}
              </Button>
            </Popconfirm>
          </Space>
          {treeData.length === 0 ? (
            <NoData compact description={t('emptyTree')} />
          ) : (
            <Tree
              blockNode
              showLine
              treeData={treeData}
              expandedKeys={[...index.keys()].filter((k) => !collapsed.has(k))}
              onExpand={(keys) => {
                const open = new Set(keys.map(String));
                setCollapsed(new Set([...index.keys()].filter((k) => !open.has(k))));
              }}
              selectedKeys={selected ? [selected] : []}
              draggable={{ icon: false }}
              allowDrop={allowDrop}
              onDrop={drop}
              aria-label={t('tree')}
              onSelect={(_, info) => {
                setAdding(null);
                setSelected(String(info.node.key));
              }}
            />
          )}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
            {t('dragHint')}
          </Typography.Paragraph>
        </Col>
        <Col xs={24} md={14} lg={15}>
          {adding ? (
            <>
              <Typography.Title level={5}>
                {adding.parent ? `${adding.parent.name} › ` : ''}
                {t(`nodeType.${adding.nodeType}` as never)}
              </Typography.Title>
              <NodeForm
                key={`new-${adding.parent?.id ?? ''}-${adding.nodeType}`}
                pageId={pageId}
                nodeType={adding.nodeType}
                parent={adding.parent}
                onSaved={(d, id) => {
                  setDetail(d);
                  setAdding(null);
                  setSelected(id);
                }}
                onCancel={() => setAdding(null)}
                onSelect={setSelected}
              />
            </>
          ) : current ? (
            <>
              <Typography.Title level={5}>{current.node.name}</Typography.Title>
              <NodeForm
                key={`${current.node.id}-${row.updatedAt}`}
                pageId={pageId}
                node={current.node}
                nodeType={current.node.nodeType}
                parent={current.parent}
                onSaved={(d, id) => {
                  setDetail(d);
                  setSelected(id);
                }}
                onSelect={setSelected}
              />
            </>
          ) : (
            <NoData description={t('selectNode')} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
