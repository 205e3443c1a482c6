/**
 * The face-registration dialog (issue 18; SPEC §2 "face registration dialog", §4 face states, §5 "Face:
 * photo must be uploaded or taken; user name required", §8 face messages; docs/face.md). Opened from a
 * user grid's row (an administrator, for that user) or from the profile (the user, for themselves): the
 * camera with live detection in the browser (camera-panel.tsx), or a photo uploaded instead; the photo
 * is registered to the user (uploaded as a file, then `register`) or the user's photo cleared. The photo
 * state (registered, cleared, not found, not registered yet) and the §8 message are always shown.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Image, Input, Modal, Popconfirm, Space, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FaceCodes, USER_RULES } from '@mp/protocol';
import { ApiError, fileUrl } from '../../api/client';
import type { FaceCalls } from '../../api/face';
import { uploadFile } from '../../api/files';
import { ACCEPT_ATTRIBUTE, checkImageFile } from '../ImageUpload/check';
import CameraPanel from './camera-panel';
import type { FaceMessage } from './use-face-camera';

export type PhotoState = 'registered' | 'cleared' | 'notFound' | 'pending';
const PHOTO_COLOURS = { registered: 'success', cleared: 'default', notFound: 'warning', pending: 'processing' } as const;

export interface FaceDialogProps {
  open: boolean;
  /** Whose face: the user name shown (required, SPEC §5) and the current photo's address ('' when none). */
  username: string;
  facePhotoUrl: string;
  calls: FaceCalls;
  onClose: () => void;
  /** After a registration or a clearing (e.g. to reload the grid). */
  onChanged?: () => void;
  /** Detection timeout in ms (default DEFAULT_DETECTION_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** A photo taken or picked, not registered yet. */
interface Pending {
  blob: Blob;
  name: string;
  url: string;
}

/** See the module docs. Mounted only while open (the camera is closed when it unmounts). */
function FaceDialogBody({ username, facePhotoUrl, calls, onClose, onChanged, timeoutMs }: Omit<FaceDialogProps, 'open'>) {
  const { t } = useTranslation(['face', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ username: string }>();
  const [registeredUrl, setRegisteredUrl] = useState(facePhotoUrl);
  const [photoState, setPhotoState] = useState<PhotoState>(facePhotoUrl ? 'registered' : 'notFound');
  const [pending, setPending] = useState<Pending | undefined>();
  const [photoError, setPhotoError] = useState(false);
  const [notice, setNotice] = useState<FaceMessage | undefined>();
  const [busy, setBusy] = useState<'register' | 'clear' | undefined>();

  useEffect(() => () => (pending ? URL.revokeObjectURL(pending.url) : undefined), [pending]);

  const show = (m: FaceMessage | undefined) => setNotice((prev) => (prev?.key === m?.key && prev?.code === m?.code ? prev : m));
  const choose = (blob: Blob, name: string) => {
    setPending({ blob, name, url: URL.createObjectURL(blob) });
    setPhotoState('pending');
    setPhotoError(false);
  };

  const register = async () => {
    await form.validateFields();
    if (!pending) {
      setPhotoError(true);
      return;
    }
    setBusy('register');
    try {
      const file = await uploadFile(pending.blob, pending.name);
      const state = await calls.register(file.fileId);
      setRegisteredUrl(state.facePhotoUrl);
      setPhotoState('registered');
      setPending(undefined);
      void message.success(t('registered'));
      onChanged?.();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(undefined);
    }
  };

  const clear = async () => {
    setBusy('clear');
    try {
      await calls.clear();
      setRegisteredUrl('');
      setPhotoState('cleared');
      void message.success(t('cleared'));
      onChanged?.();
    } catch (e) {
      if (e instanceof ApiError && e.scode === FaceCodes.NOT_FOUND) {
        setRegisteredUrl('');
        setPhotoState('notFound');
      } else void message.error(e instanceof Error ? e.message : t('common:operationFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const shown = pending?.url ?? (registeredUrl ? fileUrl(registeredUrl) : '');

  return (
    <>
      {notice && (
        <Alert
          type={notice.key === 'faceLost' || notice.key === 'noFaceInBox' || notice.key === 'detectionTimeout' ? 'warning' : 'error'}
          showIcon
          role="alert"
          data-testid="face-message"
          data-key={notice.key}
          message={t(`message.${notice.key}`, { code: notice.code })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ username }} requiredMark>
        <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}>
          <Input readOnly />
        </Form.Item>
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          <CameraPanel onPhoto={(b) => choose(b, 'face.jpg')} onMessage={show} timeoutMs={timeoutMs} />
          <div style={{ width: 240 }}>
            <Form.Item
              label={t('photo')}
              required
              validateStatus={photoError ? 'error' : undefined}
              help={photoError ? t('photoRequired') : undefined}
              style={{ marginBottom: 8 }}
            >
              <div
                data-testid="face-photo"
                style={{
                  width: 240,
                  height: 180,
                  border: '1px dashed #d9d9d9',
                  borderRadius: 6,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                {shown ? (
                  <Image src={shown} alt={t('photo')} height={176} style={{ objectFit: 'contain' }} />
                ) : (
                  <span style={{ color: '#bfbfbf' }}>{t('photoState.notFound')}</span>
                )}
              </div>
            </Form.Item>
            <Tag color={PHOTO_COLOURS[photoState]} data-testid="face-photo-state" data-state={photoState}>
              {t('photoState.label')}: {t(`photoState.${photoState}`)}
            </Tag>
            <div style={{ marginTop: 8 }}>
              <Upload
                accept={ACCEPT_ATTRIBUTE}
                showUploadList={false}
                beforeUpload={(file) => {
                  const problem = checkImageFile(file, USER_RULES.avatarBytes);
                  if (problem) void message.error(t(problem.key, problem.params));
                  else choose(file, file.name);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{t('upload')}</Button>
              </Upload>
            </div>
          </div>
        </div>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Space>
          <Popconfirm
            title={t('clearConfirm')}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            onConfirm={() => void clear()}
            disabled={!registeredUrl}
          >
            <Button danger disabled={!registeredUrl} loading={busy === 'clear'}>
              {t('clear')}
            </Button>
          </Popconfirm>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" loading={busy === 'register'} onClick={() => void register().catch(() => undefined)}>
            {t('register')}
          </Button>
        </Space>
      </div>
    </>
  );
}

/** The dialog; see the module docs. */
export default function FaceDialog({ open, ...rest }: FaceDialogProps) {
  const { t } = useTranslation('face');
  return (
    <Modal open={open} title={t('title')} onCancel={rest.onClose} footer={null} width={720} destroyOnHidden maskClosable={false}>
      {open && <FaceDialogBody {...rest} />}
    </Modal>
  );
}
