/**
 * The product list of the product-authorisation dialog, as a controlled form field: `value` maps each
 * authorised product id to its authorised version. Products are paged and searched on the server
 * (`listtenantproduct`: enabled products, plus disabled ones the tenant still holds, authorised first);
 * ticking a product authorises its current version, which can then be changed. A disabled product can
 * only be withdrawn.
 */
import { useState } from 'react';
import { Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_RULES, Status, type TenantProductRow } from '@mp/protocol';
import { StatusDot } from '../../../../components/DataGrid';
import { listTenantProducts } from '../../../../api/tenant-grants';

/** Authorised product id → version. */
export type GrantValue = Record<string, string>;

export interface ProductGrantTableProps {
  tenantId: string;
  value?: GrantValue;
  onChange?: (value: GrantValue) => void;
  id?: string;
}

const PAGE_SIZE = 6;

/** See the module docs. */
export default function ProductGrantTable({ tenantId, value = {}, onChange, id }: ProductGrantTableProps) {
  const { t } = useTranslation(['tenant', 'common']);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['tenant-products', tenantId, page, keyword],
    queryFn: () => listTenantProducts({ tenantId, page, pageSize: PAGE_SIZE, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });

  const set = (productId: string, version: string | undefined) => {
    const next = { ...value };
    if (version === undefined) delete next[productId];
    else next[productId] = version;
    onChange?.(next);
  };

  return (
    <div id={id}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('productAuth.search')}
          aria-label={t('productAuth.search')}
          prefix={<SearchOutlined style={{ color: '#bfbfbf' }} />}
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          // Enter searches; it must not submit the dialog's form (which would save the authorisation).
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <Typography.Text type="secondary">{t('productAuth.authorisedCount', { count: Object.keys(value).length })}</Typography.Text>
      </Space>
      <Table<TenantProductRow>
        rowKey="productId"
        size="small"
        aria-label={t('productAuth.action')}
        loading={isFetching}
        dataSource={data?.rows ?? []}
        rowSelection={{
          selectedRowKeys: Object.keys(value),
          preserveSelectedRowKeys: true,
          hideSelectAll: true,
          getCheckboxProps: (r) => ({
            disabled: r.status !== Status.ENABLED && !(r.productId in value),
            'aria-label': r.name,
          }),
          onSelect: (r, selected) => set(r.productId, selected ? r.authorisedVersion || r.version : undefined),
        }}
        columns={[
          {
            title: t('productAuth.product'),
            key: 'name',
            render: (_, r) => (
              <Space size={6}>
                <span>{r.name}</span>
                {r.status !== Status.ENABLED && (
                  <Tooltip title={t('productAuth.disabledProduct')}>
                    <span>
                      <StatusDot enabled={false} text={t('common:disabled')} />
                    </span>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          { title: t('productAuth.code'), dataIndex: 'code', key: 'code', width: 150, ellipsis: true },
          { title: t('productAuth.currentVersion'), dataIndex: 'version', key: 'version', width: 130, render: (v: string) => <Tag>{v}</Tag> },
          {
            title: t('productAuth.version'),
            key: 'authorised',
            width: 170,
            render: (_, r) => {
              const ticked = r.productId in value;
              return (
                <Input
                  size="small"
                  aria-label={`${t('productAuth.version')} ${r.name}`}
                  disabled={!ticked || r.status !== Status.ENABLED}
                  value={ticked ? value[r.productId] : ''}
                  placeholder={r.version}
                  maxLength={PRODUCT_RULES.version.max}
                  status={ticked && !PRODUCT_RULES.version.pattern.test(value[r.productId] ?? '') ? 'error' : undefined}
                  onChange={(e) => set(r.productId, e.target.value.trim())}
                />
              );
            },
          },
        ]}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.records ?? 0,
          size: 'small',
          showSizeChanger: false,
          showTotal: (total) => t('grid:total', { count: total }),
          onChange: setPage,
        }}
      />
    </div>
  );
}
