/**
 * The row buttons every record grid repeats: enable/disable and delete, each behind a confirmation that
 * names the record, or disabled with a tooltip saying why when the record is locked (e.g. built-in).
 * Texts from the `common` namespace.
 */
import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const link = { type: 'link', size: 'small', style: { paddingInline: 4 } } as const;

/** A link-style row button. */
export function RowButton({ onClick, danger, children }: { onClick?: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <Button {...link} danger={danger} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A disabled row button wrapped so its tooltip still shows (disabled buttons get no pointer events). */
function LockedButton({ label, tip, danger }: { label: string; tip: string; danger?: boolean }) {
  return (
    <Tooltip title={tip}>
      <span style={{ cursor: 'not-allowed' }}>
        <Button {...link} danger={danger} disabled style={{ ...link.style, pointerEvents: 'none' }}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/** 'Disable' for an enabled record, 'Enable' for a disabled one, confirmed; `lockedTip` locks it. */
export function StatusRowButton({ enabled, name, onConfirm, lockedTip }: { enabled: boolean; name: string; onConfirm: () => unknown; lockedTip?: string }) {
  const { t } = useTranslation('common');
  const label = enabled ? t('disable') : t('enable');
  if (lockedTip) return <LockedButton label={label} tip={lockedTip} />;
  return (
    <Popconfirm
      title={t('confirmTitle')}
      description={t(enabled ? 'confirmDisableOne' : 'confirmEnableOne', { name })}
      okText={t('ok')}
      cancelText={t('cancel')}
      onConfirm={() => onConfirm()}
    >
      <Button {...link}>{label}</Button>
    </Popconfirm>
  );
}

/** 'Delete', confirmed with the record's name; `lockedTip` locks it. */
export function DeleteRowButton({ name, onConfirm, lockedTip }: { name: string; onConfirm: () => unknown; lockedTip?: string }) {
  const { t } = useTranslation('common');
  if (lockedTip) return <LockedButton label={t('delete')} tip={lockedTip} danger />;
  return (
    <Popconfirm
      title={t('confirmTitle')}
      description={t('confirmDeleteOne', { name })}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm()}
    >
      <Button {...link} danger>
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}
