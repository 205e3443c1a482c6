/**
 * The application part of the role viewer (SPEC §2 "authorisation viewing"; issue 14 "Grants reach the
 * tenants"): per application the tenant uses, the role's menus and controls with Read / Write and its
 * APIs, by `showName` (name with the page / module / API / control-type suffix).
 */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Purview, type TenantAppGrantView } from '@mp/protocol';

/** Read / Write tags of some bits. */
function Bits({ purview }: { purview: number }) {
  const { t } = useTranslation(['role']);
  return (
    <>
      {purview & Purview.READ ? <Tag color="blue">{t('grant.read')}</Tag> : null}
      {purview & Purview.WRITE ? <Tag color="orange">{t('grant.write')}</Tag> : null}
    </>
  );
}

export default function AppGrantView({ apps }: { apps: TenantAppGrantView[] }) {
  const { t } = useTranslation(['appgrant']);
  return (
    <Space orientation="vertical" size={10} style={{ width: '100%' }}>
      {apps.map((a) => (
        <div key={a.productId} data-testid={`view-app-${a.productId}`}>
          <Typography.Text strong>{a.name}</Typography.Text>
          {a.menus.length > 0 && (
            <div style={{ marginTop: 4 }}>
              <Typography.Text type="secondary">{t('view.menus')}: </Typography.Text>
              {a.menus.map((m) => (
                <span key={m.id} style={{ marginInlineEnd: 8, whiteSpace: 'nowrap' }}>
                  {m.showName}
                  {!m.enabled && <Tag style={{ marginInlineStart: 4 }}>{t('disabled')}</Tag>} <Bits purview={m.purview} />
                </span>
              ))}
            </div>
          )}
          {a.controls.length > 0 && (
            <div style={{ marginTop: 4 }}>
              <Typography.Text type="secondary">{t('view.controls')}: </Typography.Text>
              {a.controls.map((c) => (
                <span key={c.id} style={{ marginInlineEnd: 8, whiteSpace: 'nowrap' }}>
                  {c.pageName ? `${c.pageName} / ` : ''}
                  {c.showName} <Bits purview={c.purview} />
                </span>
              ))}
            </div>
          )}
          {a.apis.length > 0 && (
            <div style={{ marginTop: 4, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}>
              <Typography.Text type="secondary">{t('view.apis')}: </Typography.Text>
              {a.apis.map((x) => (
                <Tag key={x.id} title={x.url} style={{ marginInlineEnd: 0 }}>
                  {x.showName}
                </Tag>
              ))}
            </div>
          )}
        </div>
      ))}
    </Space>
  );
}
