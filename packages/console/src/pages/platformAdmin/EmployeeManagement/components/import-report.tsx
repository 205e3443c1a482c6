/**
 * What the user sees after an import (SPEC §2 import; issue 3 "a per-row error report the console
 * shows"): on success a toast with how many users were created and updated; on `user.import_invalid`
 * a modal with the server's report — row, column, message — and the note that nothing was imported.
 */
import { Table, Typography } from 'antd';
import type { App } from 'antd';
import type { TFunction } from 'i18next';
import { UserCodes, type UserImportError } from '@mp/protocol';
import { ApiError } from '../../../../api/client';

type Feedback = ReturnType<typeof App.useApp>;

/** Shows the per-row report of a failed import; returns false when `err` is not such a failure. */
export function showImportReport(feedback: Feedback, t: TFunction, err: unknown): boolean {
  if (!(err instanceof ApiError) || err.scode !== UserCodes.IMPORT_INVALID) return false;
  const data = (err.data ?? {}) as { errors?: UserImportError[]; failedRows?: number };
  const errors = data.errors ?? [];
  feedback.modal.error({
    title: t('user:importReportTitle'),
    width: 820,
    okText: t('common:close'),
    content: (
      <div data-testid="import-report">
        <Typography.Paragraph>{t('user:importReportSummary', { rows: data.failedRows ?? errors.length, count: errors.length })}</Typography.Paragraph>
        <Table<UserImportError & { key: number }>
          size="small"
          rowKey="key"
          dataSource={errors.map((e, i) => ({ ...e, key: i }))}
          pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            { title: t('user:reportRow'), dataIndex: 'row', width: 70 },
            { title: t('user:reportColumn'), dataIndex: 'column', width: 170 },
            { title: t('user:reportMessage'), dataIndex: 'message' },
          ]}
        />
        {errors.length >= 1000 && <Typography.Text type="secondary">{t('user:importReportMore', { shown: errors.length })}</Typography.Text>}
      </div>
    ),
  });
  return true;
}
