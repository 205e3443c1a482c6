/** Labels of the approval workflow shared by its grids and details (docs/workflow.md "States and moves"). */
import { Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { WfRequestRow, WfStatus, WfStep } from '@mp/protocol';

/** Tag colour per status. */
export const STATUS_COLOR: Record<WfStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  closed: 'warning',
};

/** The label of one step: the organisation manager role, or the application administrators. */
export const stepLabel = (t: TFunction, s: WfStep | undefined) =>
  !s ? '' : s.kind === 'manager' ? t('workflow:stepKind.manager', { roleCode: s.roleCode }) : t('workflow:stepKind.appAdmin');

/** Status tag, with the 'process error or inaccessible process' tag (SPEC §8) when no approver is left. */
export function StatusTags({ t, row }: { t: TFunction; row: WfRequestRow }) {
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLOR[row.status]} style={{ marginInlineEnd: 0 }}>
        {t(`workflow:status.${row.status}`)}
      </Tag>
      {row.inaccessible && (
        <Tooltip title={t('workflow:inaccessibleHelp')}>
          <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="wf-inaccessible">
            {t('workflow:inaccessible')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
