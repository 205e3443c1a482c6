/**
 * The header's licence badge for platform administrators (SPEC §4 "Activation code expires; a warning
 * shows the days left"): a coloured badge with the days left during the trial, when fewer than
 * LICENCE_RULES.warnDays days are left, and once the licence or trial has lapsed; otherwise a quiet shield
 * icon with the days left in its tooltip. Either opens licence management
 * (/platformAdmin/permitManager, which is not in the menu). The standing is read silently: a failure
 * hides the badge and shows no toast.
 */
import { Button, Tooltip } from 'antd';
import { ClockCircleOutlined, ExclamationCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDaysText, useLicenceStatus } from '../../hooks/use-licence-status';

const PERMIT_MANAGER = '/platformAdmin/permitManager';

/** `enabled`: the signed-in user is in the platform administrator area. */
export default function LicenceBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('licence');
  const navigate = useNavigate();
  const daysText = useDaysText();
  const { data: s } = useLicenceStatus(enabled, true);
  if (!enabled || !s) return null;
  const kind = s.state === 'active' ? (s.warn ? 'warn' : null) : s.state;
  if (!kind) {
    // All is well: a quiet icon keeps the (menu-less) screen reachable, the days left in its tooltip.
    return (
      <Tooltip title={`${t('title')} · ${t('badge.warn', { days: daysText(s.daysLeft) })}`}>
        <Button type="text" icon={<SafetyCertificateOutlined />} onClick={() => navigate(PERMIT_MANAGER)} aria-label={t('title')} data-testid="licence-badge" />
      </Tooltip>
    );
  }
  const lapsed = kind === 'expired' || kind === 'trial_ended';
  const colour = lapsed ? '#ff4d4f' : kind === 'warn' ? '#d46b08' : '#1677ff';
  const background = lapsed ? '#fff1f0' : kind === 'warn' ? '#fff7e6' : '#e6f4ff';
  const icon = lapsed ? <ExclamationCircleOutlined /> : kind === 'warn' ? <ClockCircleOutlined /> : <SafetyCertificateOutlined />;
  return (
    <Tooltip title={t('badge.tip')}>
      <Button
        size="small"
        icon={icon}
        onClick={() => navigate(PERMIT_MANAGER)}
        data-testid="licence-badge"
        style={{ color: colour, background, borderColor: 'transparent', marginInlineEnd: 4, fontWeight: 500 }}
      >
        <span className="mp-licence-badge-text">{t(`badge.${kind}`, { days: daysText(s.daysLeft) })}</span>
      </Button>
    </Tooltip>
  );
}
