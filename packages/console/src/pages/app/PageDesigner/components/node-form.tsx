/**
 * The settings of a form, control or column (SPEC §2 Page manager "control settings (control type,
 * control name, display name/alias, selector, selector index, field name, data source); custom controls;
 * grid columns; function definition"): tabs Control settings, Function definition (load-data and
 * save-data APIs) and, for a grid, its Grid columns. Adds a new node (`mode` 'add' under `parent`) or
 * saves an existing one. The control type offers only the types §4 allows under the parent, and is fixed
 * for forms, columns and controls with children. Required fields say 'Required fields with * cannot be
 * empty'; the server's messages (duplicates, nesting) come as toasts.
 */
import { useMemo, useState } from 'react';
import { App, Button, Checkbox, Form, Input, InputNumber, Select, Space, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_PAGE_RULES, CONTROL_TYPES, nestingProblem, type AppNodeAddBody, type AppPageDetail, type AppPageNode, type PageNodeTypeValue } from '@mp/protocol';
import { addNode, editNode } from '../../../../api/app-pages';
import ApiSelect from './api-select';
import ColumnsList from './columns-list';

/** The form's values: a node body without its page and parent. */
type NodeFormValues = Omit<AppNodeAddBody, 'pageId' | 'parentId'>;

export interface NodeFormProps {
  pageId: string;
  /** The node to edit, or undefined to add a `nodeType` under `parent`. */
  node?: AppPageNode;
  nodeType: PageNodeTypeValue;
  parent: AppPageNode | null;
  onSaved: (detail: AppPageDetail, id: string) => void;
  onCancel?: () => void;
  onSelect: (id: string) => void;
}

export default function NodeForm({ pageId, node, nodeType, parent, onSaved, onCancel, onSelect }: NodeFormProps) {
  const { t } = useTranslation(['apppage', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<NodeFormValues>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('nodeType', form) ?? nodeType;
  const isControl = (CONTROL_TYPES as readonly string[]).includes(type);
  const typeFixed = !isControl || (node?.children.length ?? 0) > 0;
  const typeOptions = useMemo(
    () =>
      (isControl ? CONTROL_TYPES.filter((c) => !nestingProblem(parent?.nodeType ?? null, c)) : [nodeType]).map((c) => ({
        value: c,
        label: t(`nodeType.${c}` as never),
      })),
    [isControl, parent, nodeType, t],
  );
  const required = { required: true, whitespace: true, message: t('requiredStar') };
  const namePattern = { pattern: APP_PAGE_RULES.nodeName.pattern, message: t('nodePattern') };

  const save = async () => {
    let v: NodeFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const fields = {
        name: v.name,
        alias: v.alias ?? '',
        selector: v.selector ?? '',
        selectorIndex: v.selectorIndex ?? 0,
        fieldName: v.fieldName ?? '',
        dataSource: v.dataSource ?? '',
        custom: v.custom ?? false,
        loadApiIds: v.loadApiIds ?? [],
        saveApiIds: v.saveApiIds ?? [],
      };
      if (node) {
        const d = await editNode({ id: node.id, ...(isControl ? { nodeType: v.nodeType as (typeof CONTROL_TYPES)[number] } : {}), ...fields });
        onSaved(d, node.id);
      } else {
        const d = await addNode({ pageId, parentId: parent?.id ?? '', nodeType: v.nodeType, ...fields });
        onSaved(d, d.id);
      }
      void message.success(t('common:saveSucceeded'));
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  const nameLabel = type === 'form' ? t('node.formName') : type === 'column' ? t('node.columnName') : t('node.name');
  const settings = (
    <div style={{ paddingTop: 8 }}>
      <Form.Item name="nodeType" label={t('node.nodeType')} rules={[required]}>
        <Select
          options={typeOptions}
          disabled={typeFixed && Boolean(node)}
          data-testid="node-type"
          suffixIcon={
            typeFixed && node ? (
              <Tooltip title={t('typeFixed')}>
                <span>?</span>
              </Tooltip>
            ) : undefined
          }
        />
      </Form.Item>
      <Form.Item name="name" label={nameLabel} rules={[required, { max: APP_PAGE_RULES.nodeName.max }, namePattern]}>
        <Input data-testid="node-name" />
      </Form.Item>
      <Form.Item name="alias" label={t('node.alias')} rules={[{ max: APP_PAGE_RULES.nodeName.max }, namePattern]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="fieldName"
        label={t('node.fieldName')}
        rules={[{ max: APP_PAGE_RULES.fieldName.max }, { pattern: APP_PAGE_RULES.fieldName.pattern, message: t('fieldPattern') }]}
      >
        <Input data-testid="node-field" />
      </Form.Item>
      {type !== 'column' && (
        <>
          <Form.Item name="selector" label={t('node.selector')} rules={[{ max: APP_PAGE_RULES.selector.max }]}>
            <Input placeholder="#main .toolbar" />
          </Form.Item>
          <Form.Item name="selectorIndex" label={t('node.selectorIndex')}>
            <InputNumber min={0} max={APP_PAGE_RULES.selectorIndex.max} precision={0} />
          </Form.Item>
          <Form.Item name="dataSource" label={t('node.dataSource')} rules={[{ max: APP_PAGE_RULES.dataSource.max }]}>
            <Input />
          </Form.Item>
          {type !== 'form' && (
            <Form.Item name="custom" valuePropName="checked" label={t('node.custom')}>
              <Checkbox />
            </Form.Item>
          )}
        </>
      )}
    </div>
  );
  const functions = (
    <div style={{ paddingTop: 8 }}>
      <Form.Item name="loadApiIds" label={t('node.loadApis')}>
        <ApiSelect initial={node?.loadApis ?? []} data-testid="load-apis" />
      </Form.Item>
      <Form.Item name="saveApiIds" label={t('node.saveApis')}>
        <ApiSelect initial={node?.saveApis ?? []} data-testid="save-apis" />
      </Form.Item>
    </div>
  );
  const items = [
    { key: 'settings', label: t('tabs.settings'), children: settings, forceRender: true },
    ...(type !== 'column' ? [{ key: 'functions', label: t('tabs.functions'), children: functions, forceRender: true }] : []),
  ];
  const initialValues: NodeFormValues = node
    ? { ...node, loadApiIds: node.loadApis.map((a) => a.id), saveApiIds: node.saveApis.map((a) => a.id) }
    : { nodeType, name: '', selectorIndex: 0, custom: false, loadApiIds: [], saveApiIds: [] };

  return (
    <div>
      <Form<NodeFormValues>
        form={form}
        name="node-form"
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        initialValues={initialValues}
        disabled={saving}
        onFinish={() => void save()}
      >
        <Tabs items={items} size="small" />
        <Form.Item wrapperCol={{ offset: 6, span: 16 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="node-save">
              {t('common:save')}
            </Button>
            {onCancel && <Button onClick={onCancel}>{t('common:cancel')}</Button>}
          </Space>
        </Form.Item>
      </Form>
      {node?.nodeType === 'grid' && (
        <div style={{ marginTop: 8 }}>
          <Tabs
            size="small"
            items={[{ key: 'columns', label: t('tabs.columns'), children: <ColumnsList pageId={pageId} grid={node} onSaved={onSaved} onSelect={onSelect} /> }]}
          />
        </div>
      )}
    </div>
  );
}
