/**
 * Product authorisation of a tenant (SPEC §2 "Tenant list with … product authorisation"): which
 * products, and which version of each, the tenant may use. Opens on the tenant's current set (the first
 * `listtenantproduct` answer carries it), lets the user tick products page by page and change versions,
 * and saves the whole set at once (`savetenantproduct`; the server changes nothing when one item fails).
 * SPEC §9 modal width 820.
 */
import { Alert, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_RULES, type TenantRow } from '@mp/protocol';
import FormModal from '../../../../components/FormModal';
import { listTenantProducts, saveTenantProducts } from '../../../../api/tenant-grants';
import ProductGrantTable, { type GrantValue } from './product-grant-table';

export interface ProductAuthModalProps {
  tenant?: TenantRow;
  onClose: () => void;
}

/** See the module docs. */
export default function ProductAuthModal({ tenant, onClose }: ProductAuthModalProps) {
  const { t } = useTranslation(['tenant', 'product', 'common']);
  const open = Boolean(tenant);
  const current = useQuery({
    queryKey: ['tenant-products-set', tenant?.id],
    queryFn: () => listTenantProducts({ tenantId: tenant!.id, page: 1, pageSize: 1 }),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const initial: GrantValue | undefined = current.data ? Object.fromEntries(current.data.authorised.map((a) => [a.productId, a.version])) : undefined;
  const title = t('productAuth.title', { name: tenant?.name ?? '' });

  return (
    <FormModal<{ products: GrantValue }>
      open={open}
      mode="modify"
      titles={{ add: title, modify: title }}
      width="middle"
      loading={current.isLoading}
      initialValues={initial ? { products: initial } : undefined}
      layout="vertical"
      onClose={onClose}
      onSubmit={async (v) => {
        const products = Object.entries(v.products ?? {}).map(([productId, version]) => ({ productId, version }));
        await saveTenantProducts({ tenantId: tenant!.id, products }, { noToast: true });
      }}
    >
      <Alert type="info" showIcon title={t('productAuth.intro')} style={{ marginBottom: 12 }} />
      <Form.Item
        name="products"
        noStyle
        rules={[
          {
            validator: (_, value: GrantValue | undefined) => {
              const bad = Object.values(value ?? {}).some((ver) => !ver || !PRODUCT_RULES.version.pattern.test(ver));
              return bad ? Promise.reject(new Error(t('product:versionPattern'))) : Promise.resolve();
            },
          },
        ]}
      >
        {tenant ? <ProductGrantTable tenantId={tenant.id} /> : <span />}
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {(form) => {
          const errors = form.getFieldError('products');
          return errors.length ? <Alert type="error" showIcon title={errors[0]} style={{ marginTop: 8 }} /> : null;
        }}
      </Form.Item>
    </FormModal>
  );
}
