/**
 * The camera part of the face-registration dialog (issue 18; docs/face.md): the live video with the view
 * box drawn over it, the camera and detection states (SPEC §4), and the buttons open / close camera,
 * detect again and take photo (enabled on detection success only). Taking the photo hands a JPEG of the
 * current frame to `onPhoto` and closes the camera; a frame that cannot be captured is "photo failure".
 */
import { useRef } from 'react';
import { Button, Space, Tag } from 'antd';
import { CameraOutlined, ReloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFaceCamera, type FaceMessage } from './use-face-camera';
import { VIEW_BOX } from './view-box';

const WIDTH = 320;
const HEIGHT = 240;
const pct = (v: number) => `${v * 100}%`;

const CAMERA_COLOURS = { closed: 'default', opening: 'processing', open: 'success' } as const;
const DETECTION_COLOURS = {
  idle: 'default',
  loading: 'processing',
  detecting: 'processing',
  success: 'success',
  failure: 'error',
  timeout: 'warning',
  noFace: 'warning',
} as const;

/** A JPEG of the video's current frame (its own size). @throws when the frame cannot be drawn or encoded */
async function capture(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx || !canvas.width) throw new Error('no frame');
  ctx.drawImage(video, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!blob) throw new Error('no image');
  return blob;
}

export interface CameraPanelProps {
  /** A photo was taken. */
  onPhoto: (photo: Blob) => void;
  /** The §8 message to show (camera, detector and photo problems), or none. */
  onMessage: (m: FaceMessage | undefined) => void;
  timeoutMs?: number;
}

/** See the module docs. */
export default function CameraPanel({ onPhoto, onMessage, timeoutMs }: CameraPanelProps) {
  const { t } = useTranslation('face');
  const video = useRef<HTMLVideoElement>(null);
  const cam = useFaceCamera(video, timeoutMs, onMessage);
  const detectingDone = cam.detection === 'timeout' || cam.detection === 'failure';

  const take = async () => {
    try {
      const photo = await capture(video.current!);
      cam.close();
      onPhoto(photo);
    } catch {
      onMessage({ key: 'photoFailed' });
    }
  };

  return (
    <div data-testid="face-camera" style={{ width: WIDTH }}>
      <div style={{ position: 'relative', width: WIDTH, height: HEIGHT, background: '#1f1f1f', borderRadius: 6, overflow: 'hidden' }}>
        <video ref={video} width={WIDTH} height={HEIGHT} muted playsInline style={{ objectFit: 'cover', display: 'block' }} aria-label={t('camera.label')} />
        <div
          data-testid="face-view-box"
          aria-hidden
          style={{
            position: 'absolute',
            left: pct(VIEW_BOX[0]),
            top: pct(VIEW_BOX[1]),
            width: pct(VIEW_BOX[2]),
            height: pct(VIEW_BOX[3]),
            border: `2px dashed ${cam.detection === 'success' ? '#52c41a' : '#d9d9d9'}`,
            borderRadius: '45%',
          }}
        />
        {cam.camera !== 'open' && (
          <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#bfbfbf' }}>
            {t(`camera.${cam.camera}`)}
          </div>
        )}
      </div>
      <div style={{ margin: '8px 0' }} aria-live="polite">
        <Tag color={CAMERA_COLOURS[cam.camera]} data-testid="face-camera-state" data-state={cam.camera}>
          {t('camera.label')}: {t(`camera.${cam.camera}`)}
        </Tag>
        <Tag color={DETECTION_COLOURS[cam.detection]} data-testid="face-detection-state" data-state={cam.detection}>
          {t('detection.label')}: {t(`detection.${cam.detection}`)}
        </Tag>
      </div>
      <div style={{ color: '#8c8c8c', marginBottom: 8 }}>{t('viewBox')}</div>
      <Space wrap>
        {cam.camera === 'closed' ? (
          <Button icon={<VideoCameraOutlined />} onClick={() => void cam.open()}>
            {t('openCamera')}
          </Button>
        ) : (
          <Button icon={<VideoCameraOutlined />} onClick={cam.close} disabled={cam.camera === 'opening'}>
            {t('closeCamera')}
          </Button>
        )}
        {cam.camera === 'open' && detectingDone && (
          <Button icon={<ReloadOutlined />} onClick={cam.retry}>
            {t('retry')}
          </Button>
        )}
        <Button type="primary" ghost icon={<CameraOutlined />} disabled={cam.detection !== 'success'} onClick={() => void take()}>
          {t('takePhoto')}
        </Button>
      </Space>
    </div>
  );
}
