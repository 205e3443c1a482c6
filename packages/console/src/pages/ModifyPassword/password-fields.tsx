/**
 * The three fields of a password change (SPEC §2: original, new, confirm new) with the rules of SPEC §5
 * Login and §8 Login: original password required, 'new password empty', confirmation required and
 * 'two passwords inconsistent' (compared after trimming). Used inside an antd Form.
 */
import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sameAsRule } from '../../components/FormModal/rules';

export default function PasswordFields({ autoFocus = false, large = false }: { autoFocus?: boolean; large?: boolean }) {
  const { t } = useTranslation('login');
  const prefix = large ? <LockOutlined /> : undefined;
  return (
    <>
      <Form.Item
        name="oldPassword"
        label={t('changePassword.original')}
        rules={[{ required: true, whitespace: true, message: t('changePassword.originalRequired') }]}
      >
        <Input.Password prefix={prefix} autoComplete="current-password" autoFocus={autoFocus} maxLength={64} data-testid="pw-original" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('changePassword.newPassword')}
        rules={[{ required: true, whitespace: true, message: t('changePassword.newPasswordEmpty') }]}
      >
        <Input.Password prefix={prefix} autoComplete="new-password" maxLength={64} data-testid="pw-new" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('changePassword.confirmPassword')}
        dependencies={['newPassword']}
        rules={[{ required: true, whitespace: true, message: t('changePassword.confirmRequired') }, sameAsRule('newPassword', t('changePassword.mismatch'))]}
      >
        <Input.Password prefix={prefix} autoComplete="new-password" maxLength={64} data-testid="pw-confirm" />
      </Form.Item>
    </>
  );
}
