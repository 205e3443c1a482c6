/**
 * Client access of one product for the platform administrator (issue 4 Single sign-on; docs/clients.md):
 * `/platformAdmin/productClients?app=<product id>`, opened from the product grid's "Client access"
 * action. It makes that product the current app (APPID / APPCODE headers, stores/current-app) and shows
 * the same client screen application administrators use under /app/client. Hidden from the menu.
 */
import { useEffect } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getProduct } from '../../../api/product';
import { useCurrentApp, useCurrentAppStore } from '../../../stores/current-app';
import ClientManager from '../../app/Client';

const PRODUCTS = '/platformAdmin/product';

export default function ProductClients() {
  const { t } = useTranslation(['product', 'common']);
  const [params] = useSearchParams();
  const appId = params.get('app') ?? '';
  const current = useCurrentApp();
  const product = useQuery({
    queryKey: ['productClients', appId],
    queryFn: () => getProduct(appId, { noToast: true }),
    enabled: Boolean(appId),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    const p = product.data;
    if (p && current?.id !== p.id) useCurrentAppStore.getState().choose({ id: p.id, code: p.code, name: p.name, logoUrl: p.logoUrl });
  }, [product.data, current?.id]);

  const back = (
    <Link to={PRODUCTS}>
      <Button icon={<ArrowLeftOutlined />}>{t('backToProducts')}</Button>
    </Link>
  );
  if (!appId || product.isError) {
    return (
      <Card variant="borderless" className="mp-page-card">
        <Result status="warning" title={t('clientsNoProduct')} extra={back} />
      </Card>
    );
  }
  if (!product.data || current?.id !== product.data.id) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <ClientManager switchTo={PRODUCTS} />;
}
