/**
 * The 'no data' picture with its message (SPEC §1: empty lists show a 'no data' picture with a
 * message). Used as the ConfigProvider's `renderEmpty`, so every antd empty state shows it.
 */
import { useTranslation } from 'react-i18next';

export interface NoDataProps {
  /** Message under the picture; default 'no data' in the current language. */
  description?: string;
  /** Smaller picture for selects and compact places. */
  compact?: boolean;
}

export default function NoData({ description, compact }: NoDataProps) {
  const { t } = useTranslation('layout');
  const size = compact ? 64 : 120;
  return (
    <div className="mp-nodata" role="status" style={{ padding: compact ? 8 : 24 }}>
      <svg width={size} height={size * 0.75} viewBox="0 0 160 120" aria-hidden="true">
        <ellipse cx="80" cy="106" rx="62" ry="8" fill="#eef2f8" />
        <path d="M30 46 L50 22 H110 L130 46 Z" fill="#e3eaf6" />
        <rect x="30" y="46" width="100" height="54" rx="6" fill="#f4f7fc" stroke="#c9d5ea" strokeWidth="2" />
        <path d="M30 46 H62 a18 10 0 0 0 36 0 H130" fill="none" stroke="#c9d5ea" strokeWidth="2" />
        <circle cx="118" cy="22" r="4" fill="#b7c8ff" />
        <circle cx="38" cy="16" r="3" fill="#c6f0ee" />
        <path d="M72 70 h16 M68 80 h24" stroke="#c9d5ea" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <div className="mp-nodata-text">{description ?? t('noData')}</div>
    </div>
  );
}
