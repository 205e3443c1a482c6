/**
 * The frame every authorisation dialog shares: a modal of SPEC §9's tree size (680 wide, body 500 high
 * capped at the viewport minus 110px) with a spinner while loading, a hint line, and Save / Cancel.
 */
import type { ReactNode } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTHS } from '../../../../components/FormModal';

export interface GrantModalFrameProps {
  open: boolean;
  title: string;
  hint?: string;
  loading: boolean;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

export default function GrantModalFrame({ open, title, hint, loading, saving, onSave, onClose, children }: GrantModalFrameProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_WIDTHS.small}
      onCancel={onClose}
      onOk={onSave}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: loading }}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      styles={{ body: { height: 500, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' } }}
    >
      {hint && <Alert type="info" showIcon title={hint} style={{ marginBottom: 12 }} />}
      {loading ? <Spin style={{ display: 'block', marginTop: 48 }} /> : children}
    </Modal>
  );
}
