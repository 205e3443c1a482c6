/**
 * The tenant's organisation categories (SPEC §3 Organisation category; docs/tenant-members.md): the
 * built-in main tree (0) and those added (1–9999) — new, rename, delete (refused while organisations
 * use the category). The tenant-area calls act on the TENANTID tenant only; rules are the platform
 * configuration's (SYSCONFIG_RULES), texts of the platform screen's `sysconfig:org.*` where they match.
 */
import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SysconfigCodes, SYSCONFIG_RULES as R, type OrgCodeRow } from '@mp/protocol';
import { deleteTenantOrgCategory, listTenantOrgCategories, saveTenantOrgCategory } from '../../../../api/tenantsettings';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { textRules, type Translate } from '../../../../components/FormModal/rules';

export default function OrgCategoriesCard({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useTranslation(['tenantsettings', 'sysconfig', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: OrgCodeRow }>({ open: false, mode: 'add' });
  const key = ['tenantOrgCategories', tenantId, i18n.language];
  const categories = useQuery({ queryKey: key, queryFn: () => listTenantOrgCategories() });

  const remove = async (row: OrgCodeRow) => {
    try {
      await deleteTenantOrgCategory(row.codeKey, row.codeVal);
      await queryClient.invalidateQueries({ queryKey: ['tenantOrgCategories', tenantId] });
      void message.success(t('common:deleteSucceeded'));
    } catch {
      /* shown by the client */
    }
  };
  const save = async (v: OrgCodeRow) => {
    await saveTenantOrgCategory(Number(v.codeKey), v.codeVal.trim(), { noToast: true });
    await queryClient.invalidateQueries({ queryKey: ['tenantOrgCategories', tenantId] });
  };
  const nextKey = Math.max(0, ...(categories.data ?? []).map((c) => c.codeKey)) + 1;

  return (
    <Card
      size="small"
      title={t('categories.title')}
      extra={
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
          {t('categories.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('categories.help')}</Typography.Paragraph>
      <Table<OrgCodeRow>
        rowKey="codeKey"
        size="middle"
        pagination={false}
        loading={categories.isFetching}
        dataSource={categories.data}
        aria-label={t('categories.title')}
        columns={[
          { title: t('categories.key'), dataIndex: 'codeKey', width: 120 },
          {
            title: t('categories.name'),
            dataIndex: 'codeVal',
            render: (v: string, r) => (
              <Space>
                {v}
                {r.builtIn && <Tag color="blue">{t('categories.builtIn')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('common:operation'),
            key: 'op',
            width: 150,
            render: (_, r) =>
              r.builtIn ? null : (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setModal({ open: true, mode: 'modify', row: r })}>
                    {t('common:edit')}
                  </Button>
                  <Popconfirm
                    title={t('common:confirmTitle')}
                    description={t('categories.confirmDelete', { name: r.codeVal })}
                    okText={t('common:ok')}
                    cancelText={t('common:cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(r)}
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
      <FormModal<OrgCodeRow>
        open={modal.open}
        mode={modal.mode}
        titles={{ add: t('sysconfig:org.addTitle'), modify: t('sysconfig:org.modifyTitle') }}
        initialValues={modal.mode === 'modify' ? modal.row : { codeKey: nextKey, codeVal: '' }}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSubmit={save}
        fieldOfError={(scode) =>
          scode === SysconfigCodes.ORG_CATEGORY_NAME_IN_USE ? 'codeVal' : scode === SysconfigCodes.NUMBER_RANGE ? 'codeKey' : undefined
        }
      >
        <Form.Item
          name="codeKey"
          label={t('categories.key')}
          extra={t('sysconfig:org.keyRange')}
          rules={[{ required: true, message: tr('common:validation.required', { field: t('categories.key') }) }]}
        >
          <InputNumber min={R.orgCategoryKey.min} max={R.orgCategoryKey.max} precision={0} disabled={modal.mode === 'modify'} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="codeVal" label={t('categories.name')} rules={textRules(tr, t('categories.name'), { required: true, max: R.orgCategoryName.max })}>
          <Input maxLength={R.orgCategoryName.max} showCount autoComplete="off" />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
