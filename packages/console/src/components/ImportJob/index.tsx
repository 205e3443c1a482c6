/**
 * Background import with progress (issue 5 "Bulk import … runs as a background job with progress in the
 * console"; docs/tenancy.md). `useImportJob` gives a grid its `onImport(file)` (DataGrid's import
 * button, with `importAsJob`) and the dialog: the file is uploaded (multipart `file`) to `uploadPath`,
 * whose answer is `data: { jobId }`; the dialog then polls `getjob` and shows the state, a progress bar,
 * and at the end the counts, or the per-row error report (table + CSV download) of a refused file —
 * nothing is written then. Closing the dialog leaves the job running on the server.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isJobFinished, Paths, type JobReport, type JobRow } from '@mp/protocol';
import { get, upload } from '../../api/client';
import { saveBlob } from '../../api/http/download';
import { errorReportCsv, jobIdOf, jobPercent } from './job-report';

export interface ImportJobOptions {
  /** The import call (multipart, field `file`), answering `data: { jobId }`. */
  uploadPath: string;
  /** Extra query parameters of the upload (e.g. `{ orgId }`). */
  query?: Record<string, string>;
  /** Called once when a job ends 'done' (reload the grid). */
  onDone?: (report: JobReport) => void;
}

/** Polls one job every 500 ms until it finishes. */
function useJob(jobId: string | null) {
  return useQuery({
    queryKey: ['job', jobId],
    enabled: !!jobId,
    queryFn: async () => (await get<{ row: JobRow }>(`${Paths.getjob}?id=${encodeURIComponent(jobId!)}`, undefined, { noLoading: true })).row,
    refetchInterval: (q) => (q.state.data && isJobFinished(q.state.data.state) ? false : 500),
    gcTime: 0,
  });
}

export interface ImportJobDialogProps {
  /** The job followed, with the uploaded file's name; null: closed. */
  job: { id: string; fileName: string } | null;
  onClose: () => void;
  onDone?: (report: JobReport) => void;
}

/** The progress and report dialog of one job. */
export function ImportJobDialog({ job, onClose, onDone }: ImportJobDialogProps) {
  const { t } = useTranslation('job');
  const { data } = useJob(job?.id ?? null);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (data?.state === 'done' && data.report && reported.current !== data.id) {
      reported.current = data.id;
      onDone?.(data.report);
    }
  }, [data, onDone]);

  const state = data?.state ?? 'queued';
  const finished = isJobFinished(state);
  const errors = data?.report?.errors ?? [];
  const titles = { row: t('column.row'), field: t('column.field'), message: t('column.message') };

  return (
    <Modal
      open={!!job}
      title={t('title', { fileName: job?.fileName ?? '' })}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Button type={finished ? 'primary' : 'default'} onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="import-job" data-state={state}>
        <Typography.Text strong aria-live="polite">
          {t(`state.${state}`)}
        </Typography.Text>
        {!finished && (
          <>
            <Progress percent={jobPercent(data)} status="active" />
            <Typography.Text type="secondary">{t('progress', { processed: data?.processed ?? 0, total: data?.total ?? 0 })}</Typography.Text>
            <Typography.Text type="secondary">{t('background')}</Typography.Text>
          </>
        )}
        {state === 'done' && data?.report && (
          <Alert type="success" showIcon message={t('doneSummary', { created: data.report.created, updated: data.report.updated })} />
        )}
        {state === 'failed' && (
          <>
            <Alert type="error" showIcon message={t('failedSummary', { count: errors.length })} />
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
              dataSource={errors}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              columns={[
                { title: titles.row, dataIndex: 'row', width: 80 },
                { title: titles.field, dataIndex: 'field', width: 160 },
                { title: titles.message, dataIndex: 'message' },
              ]}
            />
            <Button onClick={() => saveBlob(new Blob([errorReportCsv(errors, titles)], { type: 'text/csv;charset=utf-8' }), t('reportFileName'))}>
              {t('downloadReport')}
            </Button>
          </>
        )}
        {state === 'error' && (
          <Alert type="error" showIcon message={data?.report?.message === 'interrupted' ? t('interrupted') : t('errorSummary', { jobId: data?.id ?? '' })} />
        )}
      </Space>
    </Modal>
  );
}

/**
 * A grid's import through a background job: `onImport(file)` uploads and opens the dialog (resolves
 * once the job is started; upload errors reject after the client's toast); render `dialog`.
 */
export function useImportJob(options: ImportJobOptions): { onImport: (file: File) => Promise<void>; dialog: ReactNode } {
  const [job, setJob] = useState<{ id: string; fileName: string } | null>(null);
  const { uploadPath, query } = options;
  const onDoneRef = useRef(options.onDone);
  onDoneRef.current = options.onDone;
  const onImport = useCallback(
    async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const q = query && Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';
      const data = await upload<unknown>(`${uploadPath}${q}`, form);
      setJob({ id: jobIdOf(data), fileName: file.name });
    },
    [uploadPath, query],
  );
  const onDone = useCallback((report: JobReport) => onDoneRef.current?.(report), []);
  return { onImport, dialog: <ImportJobDialog job={job} onClose={() => setJob(null)} onDone={onDone} /> };
}
