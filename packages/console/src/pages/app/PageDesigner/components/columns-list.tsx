/**
 * The columns of a grid control (SPEC §2 Page manager "grid columns"; §3 "grid columns have a column
 * name"): the list (column name, field name, display name) with a form to add one and a confirmed delete
 * per row; a repeated column or field answers 'The field already exists in the list' (checked here first,
 * and by the server). An empty grid shows 'this node has no data'.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_PAGE_RULES, type AppPageDetail, type AppPageNode } from '@mp/protocol';
import NoData from '../../../../components/NoData';
import { addNode, deleteNode, getPage } from '../../../../api/app-pages';
import { useGrantConfirm } from './feedback';

interface ColumnValues {
  name: string;
  fieldName?: string;
  alias?: string;
}

export default function ColumnsList({
  pageId,
  grid,
  onSaved,
  onSelect,
}: {
  pageId: string;
  grid: AppPageNode;
  onSaved: (d: AppPageDetail, id: string) => void;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation(['apppage', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<ColumnValues>();
  const [busy, setBusy] = useState(false);
  const confirmGrants = useGrantConfirm();

  const add = async (v: ColumnValues) => {
    const name = v.name.trim();
    const field = (v.fieldName ?? '').trim().toLowerCase();
    const dup = grid.children.find((c) => c.name.toLowerCase() === name.toLowerCase() || (field && c.fieldName.toLowerCase() === field));
    if (dup) {
      void message.warning(t('errors:apppage.field_exists', { name: dup.name.toLowerCase() === name.toLowerCase() ? name : v.fieldName }));
      return;
    }
    setBusy(true);
    try {
      const d = await addNode({ pageId, parentId: grid.id, nodeType: 'column', name, fieldName: v.fieldName ?? '', alias: v.alias ?? '' });
      form.resetFields();
      onSaved(d, grid.id);
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (c: AppPageNode) => {
    try {
      if (await confirmGrants((confirm) => deleteNode(c.id, confirm))) onSaved(await getPage(pageId), grid.id);
    } catch {
      /* shown by the client */
    }
  };

  return (
    <div data-testid="grid-columns">
      <Form<ColumnValues> form={form} layout="inline" onFinish={(v) => void add(v)} disabled={busy} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('requiredStar') },
            { max: APP_PAGE_RULES.nodeName.max },
            { pattern: APP_PAGE_RULES.nodeName.pattern, message: t('nodePattern') },
          ]}
        >
          <Input placeholder={`* ${t('node.columnName')}`} aria-label={t('node.columnName')} style={{ width: 140 }} data-testid="column-name" />
        </Form.Item>
        <Form.Item name="fieldName" rules={[{ pattern: APP_PAGE_RULES.fieldName.pattern, message: t('fieldPattern') }]}>
          <Input placeholder={t('node.fieldName')} aria-label={t('node.fieldName')} style={{ width: 130 }} data-testid="column-field" />
        </Form.Item>
        <Form.Item name="alias" rules={[{ pattern: APP_PAGE_RULES.nodeName.pattern, message: t('nodePattern') }]}>
          <Input placeholder={t('node.alias')} aria-label={t('node.alias')} style={{ width: 120 }} />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} loading={busy} data-testid="column-add">
          {t('addColumn')}
        </Button>
      </Form>
      {grid.children.length === 0 ? (
        <NoData compact description={t('noData')} />
      ) : (
        <Table<AppPageNode>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={grid.children}
          columns={[
            { title: t('node.columnName'), dataIndex: 'name', key: 'name' },
            { title: t('node.fieldName'), dataIndex: 'fieldName', key: 'fieldName' },
            { title: t('node.alias'), dataIndex: 'alias', key: 'alias' },
            {
              title: t('common:operation'),
              key: 'op',
              width: 140,
              render: (_, c) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => onSelect(c.id)}>
                    {t('common:edit')}
                  </Button>
                  <Popconfirm
                    title={t('deleteNodeTitle', { name: c.name })}
                    okText={t('common:ok')}
                    cancelText={t('common:cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(c)}
                  >
                    <Button type="link" size="small" danger>
                      {t('common:delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
