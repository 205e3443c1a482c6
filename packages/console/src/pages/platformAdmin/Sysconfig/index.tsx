/**
 * Platform configuration (SPEC §2 Platform admin → sysconfig; §7 codetable calls; §9): one screen of
 * tabs — login configuration (three layers, SPEC §9 config priority), the code table (password rule,
 * SysSet, Verify), mail / LDAP / SMS / WeChat configuration lists (secrets never shown; send test mail,
 * test connection), organisation types and categories. The active tab is kept in the address
 * (`?tab=mail`) so a reload or a shared link opens the same tab.
 */
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import LoginConfigTab from './components/login-config-tab';
import CodeTableTab from './components/code-table-tab';
import ConfigListTab from './components/config-list-tab';
import OrgConfigTab from './components/org-config-tab';

const TABS = ['login', 'codeTable', 'mail', 'ldap', 'sms', 'wx', 'org'] as const;
type TabKey = (typeof TABS)[number];

/** The screen (default export: the router lazy-loads it). */
export default function Sysconfig() {
  const { t } = useTranslation('sysconfig');
  const [params, setParams] = useSearchParams();
  const current = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'login';

  const change = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };

  return (
    <Card variant="borderless" title={t('title')}>
      <Tabs
        activeKey={current}
        onChange={change}
        destroyOnHidden
        items={[
          { key: 'login', label: t('tabs.login'), children: <LoginConfigTab /> },
          { key: 'codeTable', label: t('tabs.codeTable'), children: <CodeTableTab /> },
          { key: 'mail', label: t('tabs.mail'), children: <ConfigListTab kind="mail" /> },
          { key: 'ldap', label: t('tabs.ldap'), children: <ConfigListTab kind="ldap" /> },
          { key: 'sms', label: t('tabs.sms'), children: <ConfigListTab kind="sms" /> },
          { key: 'wx', label: t('tabs.wx'), children: <ConfigListTab kind="wx" /> },
          { key: 'org', label: t('tabs.org'), children: <OrgConfigTab /> },
        ]}
      />
    </Card>
  );
}
