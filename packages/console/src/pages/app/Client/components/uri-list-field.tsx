/**
 * A list editor of redirect URIs (one input per address, add and remove), checked as the server
 * checks them (`checkRedirectUri`, `normaliseRedirectUris` of @mp/protocol; messages `errors:client.*`):
 * absolute http(s), no fragment, https except on localhost / 127.0.0.1, at most 500 characters each,
 * at most CLIENT_RULES.redirectUris.max addresses.
 */
import { Button, Form, Input } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkRedirectUri, CLIENT_RULES, normaliseRedirectUris, type ClientRuleProblem } from '@mp/protocol';

export interface UriListFieldProps {
  name: 'redirectUris' | 'postLogoutRedirectUris';
  label: string;
  help: string;
  placeholder: string;
  /** Shows the required mark (the grant types decide whether an address is needed). */
  required?: boolean;
}

export default function UriListField({ name, label, help, placeholder, required }: UriListFieldProps) {
  const { t } = useTranslation(['client', 'errors']);
  const message = (p: ClientRuleProblem) => t(`errors:${p.code}` as never, p.params as never) as unknown as string;
  const max = CLIENT_RULES.redirectUris.max;
  return (
    <Form.Item label={label} required={required} extra={help} style={{ marginBottom: 16 }}>
      <Form.List
        name={name}
        rules={[
          {
            validator: async (_r, uris: string[] | undefined) => {
              // Each address is checked by its own input; the list checks only the count.
              const r = normaliseRedirectUris((uris ?? []).filter((u) => !checkRedirectUri((u ?? '').trim())));
              if ('problem' in r) throw new Error(message(r.problem));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div data-testid={`uri-list-${name}`}>
            {fields.map((f, i) => (
              <div key={f.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <Form.Item
                  name={f.name}
                  style={{ flex: 1, marginBottom: 8 }}
                  validateTrigger={['onChange', 'onBlur']}
                  rules={[
                    {
                      validator: async (_r, v: string | undefined) => {
                        const s = (v ?? '').trim();
                        if (!s) return;
                        const p = checkRedirectUri(s);
                        if (p) throw new Error(message(p));
                      },
                    },
                  ]}
                >
                  <Input
                    placeholder={placeholder}
                    aria-label={`${label} ${i + 1}`}
                    autoComplete="off"
                    spellCheck={false}
                    style={{ fontFamily: 'var(--mp-mono, ui-monospace, SFMono-Regular, Menlo, monospace)' }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={`${t('removeUri')} ${i + 1}`}
                  title={t('removeUri')}
                  onClick={() => remove(f.name)}
                  style={{ marginTop: 1 }}
                />
              </div>
            ))}
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= max}>
              {t('addUri')}
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
