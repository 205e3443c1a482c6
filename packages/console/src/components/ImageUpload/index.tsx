/**
 * Image / logo upload as a controlled antd Form field (value = the stored `fileId`). Accepts only the
 * raster types of LOGO_MIME_TYPES (SVG refused) up to FILE_LIMITS.imageBytes (10M), with SPEC §8's
 * messages; uploads through `uploadFile` (`POST plat/file/upload` → `{ fileId, url, name, size }`) and
 * previews the image through `fileUrl(url)` (adds the session `code`, SPEC §7).
 *
 * Usage: `<Form.Item name="logo" label={…}><ImageUpload previewUrl={row?.logoUrl} label={…} /></Form.Item>`.
 * `previewUrl` is the address of the initial value (a modified record's image).
 */
import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../api/client';
import { uploadFile } from '../../api/files';
import { ACCEPT_ATTRIBUTE, checkImageFile, IMAGE_TYPE_EXTENSIONS, type ImageMimeType } from './check';
import { unshownFailureText } from '../FormModal/server-error';

export interface ImageUploadProps {
  /** The fileId (set by Form.Item). */
  value?: string;
  onChange?: (fileId: string | undefined) => void;
  /** Address of the image the initial `value` stands for. */
  previewUrl?: string;
  /** Accessible name of the picker (the field label). */
  label: string;
  /** Hint under the picker (e.g. allowed types and size). */
  hint?: string;
  /** Side of the square in px (default 104). */
  size?: number;
  id?: string;
  disabled?: boolean;
  maxBytes?: number;
  /** The accepted MIME types (default every type of LOGO_MIME_TYPES), e.g. png/jpeg/gif for SPEC §5 icons. */
  types?: readonly ImageMimeType[];
}

/** See the module docs. */
export default function ImageUpload({ value, onChange, previewUrl, label, hint, size = 104, id, disabled, maxBytes, types }: ImageUploadProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [uploaded, setUploaded] = useState<{ fileId: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const url = !value ? undefined : uploaded?.fileId === value ? uploaded.url : previewUrl;

  const beforeUpload = (file: File) => {
    const problem = checkImageFile(file, maxBytes, types);
    if (problem) {
      void message.error(t(problem.key, problem.params));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const send = async (file: File) => {
    setBusy(true);
    try {
      const row = await uploadFile(file, file.name);
      setUploaded({ fileId: row.fileId, url: row.url });
      onChange?.(row.fileId);
    } catch (err) {
      // a 400 (type, size, name) is the caller's to show (SPEC §8 'Upload failed'); other failures the client showed
      const text = unshownFailureText(err, t('common:uploadFailed'));
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', gap: 12, flexWrap: 'wrap' }}>
      <Upload
        id={id}
        accept={types ? [...types, ...types.flatMap((m) => IMAGE_TYPE_EXTENSIONS[m].map((e) => `.${e}`))].join(',') : ACCEPT_ATTRIBUTE}
        listType="picture-card"
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={beforeUpload}
        customRequest={({ file }) => void send(file as File)}
        style={{ width: size, height: size }}
      >
        {/* biome-ignore lint/a11y/useFocusableInteractive: Upload's own wrapper is the focusable control (tabIndex 0, Enter opens the chooser); this names it */}
        <div
          role="button"
          aria-label={url ? `${t('upload.change')} ${label}` : `${t('upload.button')} ${label}`}
          style={{
            width: '100%',
            height: '100%',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexDirection: 'column',
            overflow: 'hidden',
          }}
        >
          {busy ? (
            <>
              <LoadingOutlined />
              <div style={{ marginTop: 6, fontSize: 12 }}>{t('upload.uploading')}</div>
            </>
          ) : url ? (
            <img src={fileUrl(url)} alt={label} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <>
              <PlusOutlined />
              <div style={{ marginTop: 6, fontSize: 12 }}>{t('upload.button')}</div>
            </>
          )}
        </div>
      </Upload>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4, paddingBottom: 8 }}>
        {value && !disabled && (
          <Button
            size="small"
            type="link"
            danger
            icon={<DeleteOutlined />}
            style={{ paddingInline: 0, alignSelf: 'flex-start' }}
            onClick={() => onChange?.(undefined)}
          >
            {t('upload.remove')}
          </Button>
        )}
        {hint && <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{hint}</span>}
      </div>
    </div>
  );
}
