/**
 * The licence in force (SPEC §1, §4): state tag, an alert when the trial runs or expiry nears or has
 * passed (with what that means), the customer, number, dates and the days left, and the limits with
 * their usage as progress bars (red when full).
 */
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LicenceState, LicenceStatus } from '@mp/protocol';
import { useDaysText } from '../../../../hooks/use-licence-status';

const STATE_COLOR: Record<LicenceState, string> = { trial: 'processing', trial_ended: 'error', active: 'success', expired: 'error' };
const formatDate = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD') : '');
const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** Colour of the days-left figure: red when lapsed or under a week, orange while warning, else green. */
function daysColor(s: LicenceStatus): string {
  if (s.daysLeft <= 0 || s.daysLeft < 7) return '#ff4d4f';
  return s.warn ? '#fa8c16' : '#0ECA7E';
}

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const { t } = useTranslation('licence');
  const percent = limit === null ? 0 : limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  const full = limit !== null && used >= limit;
  return (
    <div data-testid={`licence-usage-${label}`}>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
        <Typography.Text>{t(`usage.${label}`)}</Typography.Text>
        <Typography.Text type={full ? 'danger' : 'secondary'}>
          {limit === null ? t('usage.unlimitedOf', { used }) : t('usage.of', { used, limit })}
        </Typography.Text>
      </div>
      <Progress
        percent={limit === null ? 100 : percent}
        showInfo={false}
        status={full ? 'exception' : 'normal'}
        strokeColor={limit === null ? '#d9f7be' : undefined}
      />
    </div>
  );
}

export interface LicenceSummaryProps {
  status: LicenceStatus | undefined;
  loading: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

/** See the module docs. */
export default function LicenceSummary({ status: s, loading, refreshing, onRefresh }: LicenceSummaryProps) {
  const { t } = useTranslation('licence');
  const daysText = useDaysText();
  const trial = s?.state === 'trial' || s?.state === 'trial_ended';
  const alert = !s ? null : s.state === 'active' ? (s.warn ? 'warn' : null) : s.state;

  return (
    <Card
      variant="borderless"
      title={
        <span>
          <SafetyCertificateOutlined style={{ color: '#1677ff', marginInlineEnd: 8 }} />
          {t('current')}
        </span>
      }
      extra={
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          {t('refresh')}
        </Button>
      }
    >
      {loading || !s ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <>
          {alert && (
            <Alert
              showIcon
              style={{ marginBottom: 16 }}
              type={alert === 'trial' ? 'info' : alert === 'warn' ? 'warning' : 'error'}
              title={t(`alert.${alert}`, { days: daysText(s.daysLeft), date: formatDate(s.expiresAt) })}
              data-testid="licence-alert"
            />
          )}
          <Row gutter={[24, 16]} align="middle">
            <Col xs={24} md={6} style={{ textAlign: 'center' }}>
              <Statistic
                title={t('field.daysLeft')}
                value={s.daysLeft}
                styles={{ content: { color: daysColor(s), fontSize: 40, fontWeight: 600 } }}
                suffix={<span style={{ fontSize: 16 }}>{t(s.daysLeft === 1 ? 'unitOne' : 'unit')}</span>}
              />
              <Tag color={STATE_COLOR[s.state]} style={{ marginTop: 8 }} data-testid="licence-state">
                {t(`state.${s.state}`)}
              </Tag>
            </Col>
            <Col xs={24} md={18}>
              <Descriptions column={{ xs: 1, sm: 2 }} size="small" colon={false} styles={{ label: { color: 'rgba(0,0,0,0.45)', whiteSpace: 'nowrap' } }}>
                <Descriptions.Item label={t('field.customer')}>
                  <span data-testid="licence-customer">{trial ? t('trialCustomer') : s.customer}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('field.serial')}>{s.serial || '-'}</Descriptions.Item>
                <Descriptions.Item label={t(trial ? 'field.trialStartedAt' : 'field.issuedAt')}>{formatDate(s.issuedAt)}</Descriptions.Item>
                <Descriptions.Item label={t(trial ? 'field.trialEndsAt' : 'field.expiresAt')}>{formatDate(s.expiresAt)}</Descriptions.Item>
                {!trial && <Descriptions.Item label={t('field.activatedBy')}>{s.activatedBy}</Descriptions.Item>}
                {!trial && <Descriptions.Item label={t('field.activatedAt')}>{formatTime(s.activatedAt)}</Descriptions.Item>}
              </Descriptions>
              <Typography.Text strong style={{ display: 'block', margin: '12px 0 8px' }}>
                {t('usage.title')}
              </Typography.Text>
              <Row gutter={24}>
                <Col xs={24} sm={12}>
                  <UsageBar label="tenants" used={s.usage.tenants} limit={s.limits.maxTenants} />
                </Col>
                <Col xs={24} sm={12}>
                  <UsageBar label="users" used={s.usage.users} limit={s.limits.maxUsers} />
                </Col>
              </Row>
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
