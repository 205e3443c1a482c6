/**
 * The language menu (SPEC §1 Languages): the four entries of LANGUAGES with Russian disabled.
 * Switching goes through `setLanguage`, which rejects anything unsupported with a console error.
 */
import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@mp/protocol';
import { setLanguage } from '../../i18n';
import { useUiStore } from '../../stores/ui';

export interface LanguageSwitchProps {
  /** 'light' for dark backgrounds (the login hero), default for the header. */
  tone?: 'default' | 'light';
}

export default function LanguageSwitch({ tone = 'default' }: LanguageSwitchProps) {
  const { t } = useTranslation('layout');
  const language = useUiStore((s) => s.language);
  const current = LANGUAGES.find((l) => l.value === language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l.value, label: l.text, disabled: !l.enable })),
        onClick: ({ key }) => {
          setLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('header.language')}
        className={tone === 'light' ? 'mp-lang-light' : undefined}
        data-testid="language-switch"
      >
        {current?.text}
      </Button>
    </Dropdown>
  );
}
