/**
 * The grid's toolbar: the screen's own actions, the batch actions on the selected rows (delete,
 * enable, disable, lock, unlock), and on the right import, template download, export and refresh.
 * Only the actions the screen supplies are shown. Batch actions check the selection ('select at
 * least one record') and ask for confirmation naming the count (SPEC §5 Generic, §8 Others).
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Space, Tooltip, Typography, Upload } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExportOutlined,
  ImportOutlined,
  LockOutlined,
  ReloadOutlined,
  StopOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkExcelFile } from './file-check';

/** A batch action the toolbar can run on the selection. */
export interface BatchAction {
  key: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  /** Confirmation text for `count` selected rows. */
  confirm: (count: number) => string;
  /** Success text. */
  done: string;
  run: () => Promise<unknown>;
}

export interface ToolbarProps {
  actions?: ReactNode;
  selectedCount: number;
  onClearSelection: () => void;
  batch: BatchAction[];
  onImport?: (file: File) => Promise<unknown>;
  /** No success toast after `onImport`: a background job's dialog reports instead. */
  importAsJob?: boolean;
  onDownloadTemplate?: () => Promise<unknown>;
  onExport?: () => Promise<unknown>;
  onRefresh: () => void;
  /** Called after a batch action or import changed data. */
  onChanged: () => void;
}

/** Icons of the standard batch actions, by key. */
export const BATCH_ICONS = {
  delete: <DeleteOutlined />,
  enable: <CheckCircleOutlined />,
  disable: <StopOutlined />,
  lock: <LockOutlined />,
  unlock: <UnlockOutlined />,
} as const;

/** Renders the toolbar; see the module docs. */
export default function Toolbar(p: ToolbarProps) {
  const { t } = useTranslation(['common', 'grid']);
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);

  const runBatch = (a: BatchAction) => {
    if (p.selectedCount === 0) {
      void message.warning(t('common:chooseAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('common:confirmTitle'),
      content: a.confirm(p.selectedCount),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: a.danger },
      onOk: async () => {
        setBusy(a.key);
        try {
          await a.run();
          void message.success(a.done);
          p.onClearSelection();
          p.onChanged();
        } catch {
          /* the client already showed the server's message */
        } finally {
          setBusy(null);
        }
      },
    });
  };

  const runPlain = async (key: string, fn: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      await fn();
      if (done) void message.success(done);
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  const beforeImport = (file: File) => {
    const problem = checkExcelFile(file);
    if (problem) {
      void message.error(t(problem.key, problem.params));
      return Upload.LIST_IGNORE;
    }
    if (p.onImport)
      void runPlain(
        'import',
        async () => {
          await p.onImport!(file);
          if (!p.importAsJob) p.onChanged();
        },
        p.importAsJob ? undefined : t('grid:importSucceeded'),
      );
    return false;
  };

  return (
    <div role="toolbar" aria-label={t('grid:toolbar')} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 12 }}>
      <Space wrap size={8}>
        {p.actions}
        {p.batch.map((a) => (
          <Button key={a.key} icon={a.icon} danger={a.danger} loading={busy === a.key} onClick={() => runBatch(a)}>
            {a.label}
          </Button>
        ))}
        {p.selectedCount > 0 && (
          <Typography.Text type="secondary" aria-live="polite">
            {t('grid:selected', { count: p.selectedCount })} <Typography.Link onClick={p.onClearSelection}>{t('grid:clearSelection')}</Typography.Link>
          </Typography.Text>
        )}
      </Space>
      <Space wrap size={8} style={{ marginInlineStart: 'auto' }}>
        {p.onImport && (
          <Upload accept=".xls,.xlsx" showUploadList={false} beforeUpload={beforeImport} maxCount={1}>
            <Button icon={<ImportOutlined />} loading={busy === 'import'}>
              {t('grid:import')}
            </Button>
          </Upload>
        )}
        {p.onDownloadTemplate && (
          <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void runPlain('template', p.onDownloadTemplate!)}>
            {t('grid:downloadTemplate')}
          </Button>
        )}
        {p.onExport && (
          <Button icon={<ExportOutlined />} loading={busy === 'export'} onClick={() => void runPlain('export', p.onExport!, t('grid:exportSucceeded'))}>
            {t('grid:export')}
          </Button>
        )}
        <Tooltip title={t('grid:reload')}>
          <Button icon={<ReloadOutlined />} aria-label={t('grid:reload')} onClick={p.onRefresh} />
        </Tooltip>
      </Space>
    </div>
  );
}
