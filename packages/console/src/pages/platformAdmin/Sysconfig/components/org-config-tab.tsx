/**
 * Organisation type and organisation category configuration (SPEC §3 Organisation types 0–6 and
 * Organisation category; §7 `queryorgtypeconfiglist`, `queryorgcateconfiglist`, `saveorgcateconfig`,
 * `delorgcateconfig`): the seven types (read-only, named in the current language) and, for a chosen
 * tenant, its categories — the built-in main tree (0) and those added (1–9999): new, rename, delete
 * (refused while organisations use the category).
 */
import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULTS, SysconfigCodes, SYSCONFIG_RULES as R, type OrgCodeRow } from '@mp/protocol';
import { deleteOrgCategory, listOrgCategories, listOrgTypes, saveOrgCategory } from '../../../../api/sysconfig';
import { listTenants } from '../../../../api/tenant';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { textRules, type Translate } from '../../../../components/FormModal/rules';

/** See the module docs. */
export default function OrgConfigTab() {
  const { t, i18n } = useTranslation(['sysconfig', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [tenantId, setTenantId] = useState<string>(DEFAULTS.tenantId);
  const [tenantLabel, setTenantLabel] = useState<string>(DEFAULTS.tenantId);
  const [tenantSearch, setTenantSearch] = useState('');
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: OrgCodeRow }>({ open: false, mode: 'add' });

  const types = useQuery({ queryKey: ['sysconfig', 'orgTypes', i18n.language], queryFn: () => listOrgTypes() });
  const categoriesKey = ['sysconfig', 'orgCategories', tenantId, i18n.language];
  const categories = useQuery({ queryKey: categoriesKey, queryFn: () => listOrgCategories(tenantId) });
  const tenants = useQuery({
    queryKey: ['sysconfig', 'tenantOptions', tenantSearch],
    queryFn: () => listTenants({ page: 1, pageSize: 20, keyword: tenantSearch || undefined }),
  });

  const remove = async (row: OrgCodeRow) => {
    try {
      queryClient.setQueryData(categoriesKey, await deleteOrgCategory(tenantId, row.codeKey, row.codeVal));
      void message.success(t('common:deleteSucceeded'));
    } catch {
      /* shown by the client */
    }
  };
  const save = async (v: OrgCodeRow) => {
    await saveOrgCategory(tenantId, Number(v.codeKey), v.codeVal.trim(), { noToast: true });
    await queryClient.invalidateQueries({ queryKey: ['sysconfig', 'orgCategories', tenantId] });
  };
  const nextKey = Math.max(0, ...(categories.data ?? []).map((c) => c.codeKey)) + 1;

  return (
    <Row gutter={24}>
      <Col xs={24} lg={9}>
        <Card size="small" title={t('org.types')}>
          <Typography.Paragraph type="secondary">{t('org.typesIntro')}</Typography.Paragraph>
          <Table<OrgCodeRow>
            rowKey="codeKey"
            size="small"
            pagination={false}
            loading={types.isFetching}
            dataSource={types.data}
            aria-label={t('org.types')}
            columns={[
              { title: t('org.codeKey'), dataIndex: 'codeKey', width: 80 },
              { title: t('org.codeVal'), dataIndex: 'codeVal' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" title={t('org.categories')}>
          <Typography.Paragraph type="secondary">{t('org.categoriesIntro')}</Typography.Paragraph>
          <Space wrap style={{ marginBottom: 16 }}>
            <span>{t('org.tenant')}</span>
            <Select
              showSearch={{ filterOption: false, onSearch: setTenantSearch }}
              aria-label={t('org.tenant')}
              style={{ width: 260 }}
              value={tenantId}
              placeholder={t('org.tenantPlaceholder')}
              onChange={(v: string, o) => {
                setTenantId(v);
                setTenantLabel(String((o as { label?: string } | undefined)?.label ?? v));
              }}
              options={[
                ...(tenants.data?.rows.some((r) => r.id === tenantId) ? [] : [{ value: tenantId, label: tenantLabel }]),
                ...(tenants.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` })),
              ]}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
              {t('org.add')}
            </Button>
          </Space>
          <Table<OrgCodeRow>
            rowKey="codeKey"
            size="middle"
            pagination={false}
            loading={categories.isFetching}
            dataSource={categories.data}
            aria-label={t('org.categories')}
            columns={[
              { title: t('org.codeKey'), dataIndex: 'codeKey', width: 90 },
              {
                title: t('org.codeVal'),
                dataIndex: 'codeVal',
                render: (v: string, r) => (
                  <Space>
                    {v}
                    {r.builtIn && <Tag color="blue">{t('org.builtIn')}</Tag>}
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
                        description={t('common:confirmDeleteOne', { name: r.codeVal })}
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
        </Card>
      </Col>
      <FormModal<OrgCodeRow>
        open={modal.open}
        mode={modal.mode}
        titles={{ add: t('org.addTitle'), modify: t('org.modifyTitle') }}
        initialValues={modal.mode === 'modify' ? modal.row : { codeKey: nextKey, codeVal: '' }}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSubmit={save}
        fieldOfError={(scode) =>
          scode === SysconfigCodes.ORG_CATEGORY_NAME_IN_USE ? 'codeVal' : scode === SysconfigCodes.NUMBER_RANGE ? 'codeKey' : undefined
        }
      >
        <Form.Item
          name="codeKey"
          label={t('org.codeKey')}
          extra={t('org.keyRange')}
          rules={[{ required: true, message: tr('common:validation.required', { field: t('org.codeKey') }) }]}
        >
          <InputNumber min={R.orgCategoryKey.min} max={R.orgCategoryKey.max} precision={0} disabled={modal.mode === 'modify'} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="codeVal" label={t('org.codeVal')} rules={textRules(tr, t('org.codeVal'), { required: true, max: R.orgCategoryName.max })}>
          <Input maxLength={R.orgCategoryName.max} showCount autoComplete="off" />
        </Form.Item>
      </FormModal>
    </Row>
  );
}
