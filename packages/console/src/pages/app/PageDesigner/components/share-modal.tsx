/**
 * Sharing a page (SPEC §4 "Sharing can be cancelled after confirmation"; docs/applications.md "Sharing a
 * page"): the other applications the administrator administers, whether each holds a copy of the page,
 * and per application Share (copy, or refresh the copy — asking first when roles hold controls the copy
 * would drop) and Cancel sharing (after a confirmation: the copy is deleted).
 */
import { App, Button, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppPageRow, AppPageShareRow } from '@mp/protocol';
import { listShares, sharePage, unsharePage } from '../../../../api/app-pages';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { useGrantConfirm } from './feedback';

export default function ShareModal({ page, onClose }: { page: AppPageRow | null; onClose: () => void }) {
  const { t } = useTranslation(['apppage', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['apppage-shares', page?.id];
  const shares = useQuery({ queryKey: key, queryFn: () => listShares(page!.id), enabled: page !== null, staleTime: 0, gcTime: 0 });
  const confirmGrants = useGrantConfirm();
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  const share = async (r: AppPageShareRow) => {
    try {
      if (await confirmGrants((confirm) => sharePage(page!.id, [r.appId], confirm))) void message.success(t('shareDone'));
      reload();
    } catch {
      /* shown by the client */
    }
  };
  const unshare = async (r: AppPageShareRow) => {
    try {
      await unsharePage(page!.id, [r.appId]);
      void message.success(t('unshareDone'));
      reload();
    } catch {
      /* shown by the client */
    }
  };

  return (
    <Modal
      open={page !== null}
      title={t('shareTitle', { name: page?.name ?? '' })}
      width={MODAL_WIDTHS.small}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('shareIntro')}</Typography.Paragraph>
      <Table<AppPageShareRow>
        rowKey="appId"
        size="small"
        pagination={false}
        loading={shares.isFetching}
        dataSource={shares.data ?? []}
        locale={{ emptyText: t('noOtherApps') }}
        columns={[
          {
            title: t('app'),
            key: 'app',
            render: (_, r) => (
              <Space size={6}>
                <span>{r.appName}</span>
                <Typography.Text type="secondary" code>
                  {r.appCode}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('status'),
            key: 'shared',
            width: 110,
            render: (_, r) => <Tag color={r.shared ? 'green' : 'default'}>{r.shared ? t('shared') : t('notShared')}</Tag>,
          },
          {
            title: t('common:operation'),
            key: 'op',
            width: 200,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void share(r)}>
                  {r.shared ? t('shareAgain') : t('shareTo')}
                </Button>
                {r.shared && (
                  <Popconfirm
                    title={t('cancelShareTitle', { app: r.appName })}
                    description={<div style={{ maxWidth: 280 }}>{t('cancelShareContent')}</div>}
                    okText={t('common:ok')}
                    cancelText={t('common:cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => unshare(r)}
                  >
                    <Button type="link" size="small" danger>
                      {t('cancelShare')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
