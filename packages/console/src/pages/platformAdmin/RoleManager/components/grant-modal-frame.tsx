/**
 * The frame every authorisation dialog shares: a modal of SPEC §9's tree size (680 wide, body 500 high
 * capped at the viewport minus 110px) with a spinner while loading, a hint line, and Save / Cancel.
 * Save runs `onSave`; on success it says so, refreshes every grant query and closes (failures are shown
 * by the HTTP client and leave the dialog open).
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Modal, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTHS } from '../../../../components/FormModal';

export interface GrantModalFrameProps {
  open: boolean;
  title: string;
  hint?: string;
  loading: boolean;
  /** Saves the grants (one call); resolves when saved. */
  onSave: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

export default function GrantModalFrame({ open, title, hint, loading, onSave, onClose, children }: GrantModalFrameProps) {
  const { t } = useTranslation(['role', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave();
      void message.success(t('grant.saved'));
      await queryClient.invalidateQueries({ queryKey: ['roleGrant'] });
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_WIDTHS.small}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
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
