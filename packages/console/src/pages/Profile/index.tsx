/**
 * My profile (issue 15 "A self-service profile"; SPEC §3 User, §5 User; docs/users.md "Profile"): a
 * dialog opened from the header's user menu for every user type. Shows the account as administrators
 * keep it (read-only: names, organisation, station, tenant, validity) and lets the user change what
 * is theirs: avatar (image ≤ 500K) and work signature (text ≤ 200) with Save, mobile and e-mail each
 * through the code verification dialog (contact-dialog.tsx).
 */
import { App, Button, Descriptions, Divider, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_RULES, type ContactType, type UserProfile } from '@mp/protocol';
import ImageUpload from '../../components/ImageUpload';
import { loadProfile, saveProfile } from '../../api/profile';
import ContactDialog from './contact-dialog';
import FaceDialog from '../../components/FaceDialog';
import { myFaceCalls } from '../../api/face';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export interface ProfileModalProps {
  open: boolean;
  onClose: () => void;
}

export default function ProfileModal({ open, onClose }: ProfileModalProps) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ avatar?: string; signature: string }>();
  const [contact, setContact] = useState<ContactType | null>(null);
  const [face, setFace] = useState(false);
  const [saving, setSaving] = useState(false);
  const q = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: loadProfile, enabled: open });
  const p = q.data;
  useEffect(() => {
    if (p && open) form.setFieldsValue({ avatar: p.avatar || undefined, signature: p.signature });
  }, [p, open, form]);
  const update = (next: UserProfile): void => {
    qc.setQueryData(PROFILE_QUERY_KEY, next);
  };

  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      update(await saveProfile({ avatar: v.avatar ?? '', signature: v.signature ?? '' }));
      void message.success(t('saved'));
    } finally {
      setSaving(false);
    }
  };

  const contactRow = (type: ContactType) => (
    <Space>
      <Typography.Text data-testid={`profile-${type}`}>{p?.[type] || t('none')}</Typography.Text>
      <Button size="small" onClick={() => setContact(type)} data-testid={`change-${type}`}>
        {t('change')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      data-testid="profile-modal"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common:cancel', { defaultValue: 'Cancel' })}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          onClick={() => {
            void save();
          }}
          data-testid="profile-save"
        >
          {t('save')}
        </Button>,
      ]}
    >
      {!p ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('userName')}>{p.userName}</Descriptions.Item>
            <Descriptions.Item label={t('employeeName')}>{p.employeeName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('organisation')}>{p.orgName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('station')}>{p.stationName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('tenant')}>{p.tenantName || p.tenantCode}</Descriptions.Item>
            <Descriptions.Item label={t('validity')}>
              {p.effectiveDate || p.expiryDate ? `${p.effectiveDate || '…'} ~ ${p.expiryDate || '…'}` : '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('adminOnly')}
          </Typography.Text>
          <Divider style={{ margin: '12px 0' }} />
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('mobile')}>{contactRow('mobile')}</Descriptions.Item>
            <Descriptions.Item label={t('email')}>{contactRow('email')}</Descriptions.Item>
            <Descriptions.Item label={t('face:photo')}>
              <Button size="small" onClick={() => setFace(true)} data-testid="profile-face">
                {t('face:action')}
              </Button>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" style={{ marginTop: 8 }}>
            <Form.Item name="avatar" label={t('avatar')}>
              <ImageUpload label={t('avatar')} previewUrl={p.avatarUrl || undefined} hint={t('avatarHint')} maxBytes={USER_RULES.avatarBytes} size={88} />
            </Form.Item>
            <Form.Item name="signature" label={t('signature')} rules={[{ max: USER_RULES.signature.max }]}>
              <Input.TextArea rows={2} maxLength={USER_RULES.signature.max} showCount placeholder={t('signaturePlaceholder')} data-testid="profile-signature" />
            </Form.Item>
          </Form>
        </>
      )}
      {p && (
        <FaceDialog
          open={face}
          username={p.userName}
          facePhotoUrl={p.facePhotoUrl}
          calls={myFaceCalls}
          onClose={() => setFace(false)}
          onChanged={() => void qc.invalidateQueries({ queryKey: PROFILE_QUERY_KEY })}
        />
      )}
      <ContactDialog
        type={contact}
        onClose={() => setContact(null)}
        onChanged={(next) => {
          update(next);
          void message.success(t('changed'));
        }}
      />
    </Modal>
  );
}
