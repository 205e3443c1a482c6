/**
 * Large file upload (SPEC §2 `/bigfile`, no sign-in, and the application area's `bigfile`; issue 18;
 * docs/bigfile.md): choose or drop a file, a resumable tus upload with progress (bytes, speed),
 * pause/resume/cancel, continuation after a reload or a dropped connection, the SHA-256 computed in the
 * browser compared with the server's, the limits checked before sending, and the finished uploads with
 * download links.
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Card, Flex, Progress, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes, type BigFileConfig } from '@mp/protocol';
import { getBigFileConfig, listBigFiles } from '../../api/bigfiles';
import FinishedList from './finished-list';
import { useTusUpload, type UploadState } from './use-tus-upload';

/** A refusal known before sending (size, type, quota), as a translated message; undefined when fine. */
function precheck(file: File, config: BigFileConfig, t: (k: string, o?: Record<string, unknown>) => string): string | undefined {
  if (file.size > config.maxBytes) return t('error.tooLarge', { max: formatBytes(config.maxBytes) });
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')).toLowerCase() : '';
  const type = file.type.toLowerCase();
  const ok =
    config.accept.length === 0 || config.accept.some((a) => (a.startsWith('.') ? a === ext : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : a === type));
  if (!ok) return t('error.type', { accept: config.accept.join(', ') });
  const free = config.quotaBytes - config.usedBytes;
  if (file.size > free) return t('error.quota', { free: formatBytes(Math.max(0, free)) });
  return undefined;
}

/** The current upload: state, progress with bytes and speed, checksum, and its buttons. */
function UploadPanel({ s, onPause, onResume, onCancel }: { s: UploadState; onPause(): void; onResume(): void; onCancel(): void }) {
  const { t } = useTranslation('bigfile');
  if (s.phase === 'idle' || !s.file) return null;
  const percent = s.total ? Math.floor((s.sent * 100) / s.total) : 0;
  const status = s.phase === 'error' ? 'exception' : s.phase === 'done' ? 'success' : s.phase === 'uploading' || s.phase === 'retrying' ? 'active' : 'normal';
  const checked = s.clientSha256 && s.serverSha256;
  return (
    <Card
      size="small"
      data-testid="bigfile-upload"
      title={s.file.name}
      extra={<Typography.Text data-testid="bigfile-phase">{t(`state.${s.phase}`)}</Typography.Text>}
    >
      <Progress percent={percent} status={status} aria-label={s.file.name} />
      <Flex gap={16} wrap>
        <Typography.Text data-testid="bigfile-bytes">{t('bytes', { done: formatBytes(s.sent), total: formatBytes(s.total) })}</Typography.Text>
        {s.speed > 0 && <Typography.Text type="secondary">{t('speed', { speed: formatBytes(Math.round(s.speed)) })}</Typography.Text>}
        {s.resumedAt !== undefined && s.resumedAt > 0 && (
          <Typography.Text type="secondary" data-testid="bigfile-resumed">
            {t('resumedAt', { offset: formatBytes(s.resumedAt) })}
          </Typography.Text>
        )}
      </Flex>
      <div style={{ marginTop: 8 }}>
        {!s.clientSha256 && <Typography.Text type="secondary">{t('checksum.computing', { percent: s.hashPercent })}</Typography.Text>}
        {s.clientSha256 && (
          <div>
            <Typography.Text type="secondary">{t('checksum.browser')}: </Typography.Text>
            <Typography.Text code copyable data-testid="bigfile-client-sha">
              {s.clientSha256}
            </Typography.Text>
          </div>
        )}
        {s.serverSha256 && (
          <div>
            <Typography.Text type="secondary">{t('checksum.server')}: </Typography.Text>
            <Typography.Text code data-testid="bigfile-server-sha">
              {s.serverSha256}
            </Typography.Text>
          </div>
        )}
        {checked &&
          (s.clientSha256 === s.serverSha256 ? (
            <Alert type="success" showIcon message={t('checksum.match')} data-testid="bigfile-checksum" style={{ marginTop: 8 }} />
          ) : (
            <Alert type="error" showIcon message={t('checksum.mismatch')} data-testid="bigfile-checksum" style={{ marginTop: 8 }} />
          ))}
      </div>
      {s.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="bigfile-error"
          style={{ marginTop: 8 }}
          message={s.error.kind === 'network' ? t('error.network') : t('error.failed', { message: s.error.message })}
        />
      )}
      <Space style={{ marginTop: 12 }}>
        {(s.phase === 'uploading' || s.phase === 'retrying') && (
          <Button onClick={onPause} data-testid="bigfile-pause">
            {t('pause')}
          </Button>
        )}
        {(s.phase === 'paused' || (s.phase === 'error' && s.error?.kind === 'network')) && (
          <Button type="primary" onClick={onResume} data-testid="bigfile-resume">
            {t('resume')}
          </Button>
        )}
        {s.phase !== 'done' && (
          <Button danger onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

export default function BigFile() {
  const { t } = useTranslation('bigfile');
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: ['bigfile', 'config'], queryFn: getBigFileConfig });
  const list = useQuery({ queryKey: ['bigfile', 'list'], queryFn: listBigFiles });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['bigfile'] });
  }, [queryClient]);
  const { state, pending, start, pause, resume, cancel, discard } = useTusUpload(refresh);
  const c = config.data;
  const busy = state.phase === 'uploading' || state.phase === 'retrying';
  const [refusal, setRefusal] = useState<string>();

  const choose = (file: File) => {
    if (!c) return false;
    const problem = precheck(file, c, t);
    if (problem) {
      setRefusal(problem);
      return false;
    }
    setRefusal(undefined);
    void start(file);
    return false;
  };

  return (
    <Card title={t('title')} variant="borderless" className="mp-page-card">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        {c && !c.enabled && <Alert type="warning" showIcon message={t('disabled')} />}
        {c && (
          <Typography.Text type="secondary" data-testid="bigfile-limits">
            {t('limits', { max: formatBytes(c.maxBytes), used: formatBytes(c.usedBytes), quota: formatBytes(c.quotaBytes) })}
            {' · '}
            {c.accept.length ? t('types', { accept: c.accept.join(', ') }) : t('anyType')}
            {' · '}
            {t('expiry', { minutes: c.expiryMinutes })}
            {' · '}
            {c.keepDays ? t('keep', { days: c.keepDays }) : t('keepForever')}
          </Typography.Text>
        )}
        {pending
          .filter((p) => p.name !== state.file?.name || state.phase === 'idle')
          .map((p) => (
            <Alert
              key={p.key}
              type="info"
              showIcon
              data-testid="bigfile-pending"
              message={t('pending', { name: p.name, size: formatBytes(p.size) })}
              action={
                <Button size="small" onClick={() => void discard(p.key)}>
                  {t('discard')}
                </Button>
              }
            />
          ))}
        <Upload.Dragger
          data-testid="bigfile-drop"
          showUploadList={false}
          multiple={false}
          disabled={!c?.enabled || busy}
          beforeUpload={choose}
          accept={c?.accept.length ? c.accept.join(',') : undefined}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('dropHint')}</p>
          <p className="ant-upload-hint">{t('dropSub')}</p>
        </Upload.Dragger>
        {refusal && <Alert type="error" showIcon role="alert" data-testid="bigfile-refused" message={refusal} />}
        <UploadPanel s={state} onPause={pause} onResume={resume} onCancel={() => void cancel()} />
        <FinishedList rows={list.data ?? []} loading={list.isFetching} onRefresh={refresh} />
      </Space>
    </Card>
  );
}
