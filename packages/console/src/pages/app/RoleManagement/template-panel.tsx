/**
 * The permission-template panel (SPEC §2 "permission configuration from a template tree"; §5 'root node
 * does not support permission configuration', 'template must be selected before permission
 * configuration', a node must be selected before edit or delete): the application's template tree (root
 * = the application) with New (under the selected node), Modify, Delete (confirmed; sub-templates too),
 * menu and API authorisation of the selected template, and drag-and-drop to change a template's parent.
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Popconfirm, Space, Tooltip, Tree, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { ApiOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_TEMPLATE_RULES, AppTemplateCodes, type AppTemplateNode, type AppTreeKind } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../components/FormModal';
import { textRules, type Translate } from '../../../components/FormModal/rules';
import { addAppTemplate, deleteAppTemplate, editAppTemplate, moveAppTemplate } from '../../../api/app-roles';

export interface TemplatePanelProps {
  root: AppTemplateNode | undefined;
  selected: AppTemplateNode | undefined;
  onSelect: (node: AppTemplateNode | undefined) => void;
  onChanged: () => void;
  onGrant: (node: AppTemplateNode, tree: AppTreeKind) => void;
}

interface Values {
  name: string;
  description?: string;
}

/** Finds a node by id. */
export function findTemplate(root: AppTemplateNode | undefined, id: string | undefined): AppTemplateNode | undefined {
  if (!root || !id) return undefined;
  if (root.id === id) return root;
  for (const c of root.children) {
    const f = findTemplate(c, id);
    if (f) return f;
  }
  return undefined;
}

export default function TemplatePanel({ root, selected, onSelect, onChanged, onGrant }: TemplatePanelProps) {
  const { t } = useTranslation(['approle', 'common']);
  const { message } = App.useApp();
  const [form, setForm] = useState<{ mode: OpenMode; node?: AppTemplateNode } | null>(null);
  // every node open unless the user closed it (new templates show at once)
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const expandedKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (n: AppTemplateNode) => {
      if (!collapsed.has(n.id)) keys.push(n.id);
      n.children.forEach(walk);
    };
    if (root) walk(root);
    return keys;
  }, [root, collapsed]);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const treeData = useMemo(() => {
    const walk = (n: AppTemplateNode): TreeDataNode => ({
      key: n.id,
      title: (
        <span data-testid={`template-${n.name}`}>
          {n.id === '0' ? <Typography.Text strong>{n.name}</Typography.Text> : n.name}
          {n.syncRoles > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
              {t('templates.syncRoles', { count: n.syncRoles })}
            </Typography.Text>
          )}
        </span>
      ),
      children: n.children.map(walk),
    });
    return root ? [walk(root)] : [];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, t]);

  /** Runs `fn` for a selected, configurable template; otherwise says why not (§5). */
  const needTemplate = (fn: (n: AppTemplateNode) => void) => () => {
    if (!selected) {
      void message.warning(t('templates.selectFirst'));
      return;
    }
    if (selected.id === '0') {
      void message.warning(t('templates.rootTip'));
      return;
    }
    fn(selected);
  };
  const remove = async () => {
    try {
      await deleteAppTemplate(selected!.id);
      void message.success(t('common:deleteSucceeded'));
      onSelect(undefined);
      onChanged();
    } catch {
      /* shown by the client */
    }
  };
  const onDrop: TreeProps['onDrop'] = async (info) => {
    const dragId = String(info.dragNode.key);
    const dropId = String(info.node.key);
    const parentId = info.dropToGap ? findTemplate(root, dropId)?.parentId || '0' : dropId;
    try {
      await moveAppTemplate(dragId, parentId);
      void message.success(t('templates.moved'));
      onChanged();
    } catch {
      /* shown by the client */
    }
  };
  const save = async (v: Values) => {
    const body = { name: v.name.trim(), description: v.description?.trim() ?? '' };
    if (form?.mode === 'modify' && form.node) await editAppTemplate({ id: form.node.id, ...body }, { noToast: true });
    else await addAppTemplate({ parentId: selected?.id ?? '0', ...body }, { noToast: true });
    onChanged();
  };
  const btn = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <Button size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
  const deleting = selected && selected.id !== '0';

  return (
    <Card variant="borderless" title={t('templates.title')} styles={{ body: { paddingTop: 12 } }}>
      <Space size={4} style={{ marginBottom: 8 }} wrap>
        <Button size="small" type="primary" icon={<PlusOutlined />} data-testid="template-add" onClick={() => setForm({ mode: 'add' })}>
          {t('templates.add')}
        </Button>
        {btn(
          t('templates.edit'),
          <EditOutlined />,
          needTemplate((n) => setForm({ mode: 'modify', node: n })),
        )}
        {deleting ? (
          <Popconfirm
            title={t('common:confirmTitle')}
            description={t('templates.confirmDelete', { name: selected.name })}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void remove()}
          >
            <Tooltip title={t('templates.delete')}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('templates.delete')} />
            </Tooltip>
          </Popconfirm>
        ) : (
          btn(
            t('templates.delete'),
            <DeleteOutlined />,
            needTemplate(() => undefined),
          )
        )}
        <Button size="small" icon={<SafetyOutlined />} onClick={needTemplate((n) => onGrant(n, 'menu'))}>
          {t('templates.menuGrant')}
        </Button>
        <Button size="small" icon={<ApiOutlined />} onClick={needTemplate((n) => onGrant(n, 'api'))}>
          {t('templates.apiGrant')}
        </Button>
      </Space>
      {!root ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          aria-label={t('templates.title')}
          treeData={treeData}
          expandedKeys={expandedKeys}
          blockNode
          onExpand={(_, { node, expanded }) =>
            setCollapsed((prev) => {
              const next = new Set(prev);
              if (expanded) next.delete(String(node.key));
              else next.add(String(node.key));
              return next;
            })
          }
          draggable={{ icon: false, nodeDraggable: (n) => n.key !== '0' }}
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(keys) => onSelect(findTemplate(root, keys[0] as string | undefined))}
          allowDrop={({ dropNode, dropPosition }) => !(dropNode.key === '0' && dropPosition !== 0)}
          onDrop={(i) => void onDrop(i)}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
        {t('templates.dragHint')}
      </Typography.Paragraph>
      <FormModal<Values>
        open={Boolean(form)}
        mode={form?.mode ?? 'add'}
        titles={{ add: t('templates.addTitle'), modify: t('templates.modifyTitle') }}
        initialValues={form?.node ? { name: form.node.name, description: form.node.description } : {}}
        onSubmit={save}
        onClose={() => setForm(null)}
        fieldOfError={(scode) => (scode === AppTemplateCodes.NAME_IN_USE ? 'name' : undefined)}
      >
        <Form.Item name="name" label={t('templates.name')} rules={textRules(tr, t('templates.name'), { required: true, max: APP_TEMPLATE_RULES.name.max })}>
          <Input placeholder={t('templates.namePlaceholder')} maxLength={APP_TEMPLATE_RULES.name.max} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('templates.description')}
          rules={textRules(tr, t('templates.description'), { max: APP_TEMPLATE_RULES.description.max })}
        >
          <Input.TextArea maxLength={APP_TEMPLATE_RULES.description.max} showCount autoSize={{ minRows: 3, maxRows: 5 }} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
