/**
 * Licence management and system activation (SPEC §2 Platform admin → permitManager, hidden from the menu
 * and opened from the header's licence badge; §1 "system activation by a code with an expiry"; §4 "a
 * warning shows the days left"): the licence in force with its days left, limits and usage; the
 * activation form; the activation history. After an activation the standing, the badge and the history
 * refresh together (shared query keys).
 */
import { Card, Col, Row, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LICENCE_HISTORY_KEY, LICENCE_STATUS_KEY } from '../../../api/licence';
import { useLicenceStatus } from '../../../hooks/use-licence-status';
import LicenceSummary from './components/licence-summary';
import ActivateForm from './components/activate-form';
import HistoryGrid from './components/history-grid';

/** The screen (default export: the router lazy-loads it). */
export default function PermitManager() {
  const { t } = useTranslation('licence');
  const queryClient = useQueryClient();
  const status = useLicenceStatus();

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <LicenceSummary status={status.data} loading={status.isLoading} refreshing={status.isFetching} onRefresh={() => void status.refetch()} />
        </Col>
        <Col xs={24} xl={10}>
          <ActivateForm
            onActivated={(s) => {
              queryClient.setQueryData(LICENCE_STATUS_KEY, s);
              void queryClient.invalidateQueries({ queryKey: LICENCE_HISTORY_KEY });
            }}
          />
        </Col>
      </Row>
      <Card variant="borderless" title={t('history.title')}>
        <HistoryGrid />
      </Card>
    </Space>
  );
}
