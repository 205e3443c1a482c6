/**
 * The user's account in the application (SPEC §3 user mappings "account name per app where it differs";
 * docs/applications.md "Application people"): one field; OK sends the user's current fields with the new
 * account (`editappuser`, a §7 no-toast call: the error shows under the field).
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppUserRow } from '@mp/protocol';
import { editAppUser, getAppUser } from '../../../../api/app-users';
import { ApiError } from '../../../../api/client';

export default function AccountModal({ row, onClose, onSaved }: { row: AppUserRow | undefined; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['appuser', 'common']);
  const { message } = App.useApp();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValue(row?.externalAccount ?? '');
    setError(undefined);
  }, [row]);

  const save = async () => {
    if (!row) return;
    setBusy(true);
    try {
      const u = await getAppUser(row.id, { noToast: true });
      await editAppUser(
        {
          id: u.id,
          username: u.username,
          employeeName: u.employeeName,
          employeeCode: u.employeeCode,
          gender: u.gender,
          orgId: u.orgId,
          defaultOrgId: u.defaultOrgId,
          stationId: u.stationId,
          effectiveDate: u.effectiveDate,
          expiryDate: u.expiryDate,
          status: u.status,
          email: u.email,
          mobile: u.mobile,
          officePhone: u.officePhone,
          homePhone: u.homePhone,
          idCard: u.idCard,
          avatar: u.avatar,
          facePhoto: u.facePhoto,
          signature: u.signature,
          description: u.description,
          externalAccount: value.trim(),
        },
        { noToast: true },
      );
      void message.success(t('common:operationSucceeded'));
      onSaved();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!row}
      title={t('appAccountTitle', { name: row?.username ?? '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('appAccount')} help={error ?? t('appAccountHelp')} validateStatus={error ? 'error' : undefined}>
          <Input
            data-testid="app-account-input"
            value={value}
            maxLength={100}
            placeholder={row?.username}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
