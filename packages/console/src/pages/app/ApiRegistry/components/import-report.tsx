/**
 * What the user sees after an API import (SPEC §2 import): on `appapi.import_invalid` a modal with the
 * server's report — row, column, message — and the note that nothing was imported.
 */
import { Table, Typography, type App } from 'antd';
import type { TFunction } from 'i18next';
import { AppApiCodes, type AppApiImportError } from '@mp/protocol';
import { ApiError } from '../../../../api/client';

type Feedback = ReturnType<typeof App.useApp>;

/** Shows the per-row report of a refused import; false when `err` is not one. */
export function showApiImportReport(feedback: Feedback, t: TFunction, err: unknown): boolean {
  if (!(err instanceof ApiError) || err.scode !== AppApiCodes.IMPORT_INVALID) return false;
  const data = (err.data ?? {}) as { errors?: AppApiImportError[]; failedRows?: number };
  const errors = (data.errors ?? []).map((e, key) => ({ ...e, key }));
  feedback.modal.error({
    title: t('appapi:importReportTitle'),
    width: 820,
    okText: t('common:close'),
    content: (
      <div data-testid="api-import-report">
        <Typography.Paragraph>{t('appapi:importReportSummary', { rows: data.failedRows ?? errors.length, count: errors.length })}</Typography.Paragraph>
        <Table
          size="small"
          rowKey="key"
          dataSource={errors}
          pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            { title: t('appapi:reportRow'), dataIndex: 'row', width: 70 },
            { title: t('appapi:reportColumn'), dataIndex: 'column', width: 150 },
            { title: t('appapi:reportMessage'), dataIndex: 'message' },
          ]}
        />
      </div>
    ),
  });
  return true;
}
