/**
 * The "I have read and agree to the User Agreement and Privacy Policy" box of the login card's antd forms
 * (SPEC §5 Login: the user must tick the agreement; §8 'Please check the agree user Agreement Privacy
 * Agreement'): a required checkbox named `agreement` whose link opens the policy. Used by the dynamic-code
 * form and the WeChat binding form; the password form has its own light markup (no antd on first load).
 */
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** The link to the privacy policy; `onShowPolicy` opens it. */
export function PolicyLink({ onShowPolicy }: { onShowPolicy: () => void }) {
  const { t } = useTranslation('login');
  return (
    <a
      onClick={(e) => {
        e.preventDefault();
        onShowPolicy();
      }}
      href="#privacy"
    >
      {t('privacyLink')}
    </a>
  );
}

/** The form item `agreement` (boolean, must be true). */
export default function AgreementField({ onShowPolicy }: { onShowPolicy: () => void }) {
  const { t } = useTranslation('login');
  return (
    <Form.Item
      name="agreement"
      valuePropName="checked"
      rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('agreeRequired')))) }]}
      className="mp-login-agreement"
    >
      <Checkbox>
        {t('agreePrefix')}
        <PolicyLink onShowPolicy={onShowPolicy} />
      </Checkbox>
    </Form.Item>
  );
}
