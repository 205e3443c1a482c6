/**
 * Open tabs (SPEC §3 Global state): one per visited page of the section, closable with the mouse or the
 * keyboard (antd Tabs: arrow keys move, Delete/Backspace or the close button closes); a menu closes the
 * others or all. Closing the active tab goes to its neighbour, or the section's home.
 */
import { Button, Dropdown, Tabs } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore, type OpenTab } from '../../stores/session';

export default function TabsBar({ home }: { home: string }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useSessionStore((s) => s.tabs);
  const closeTab = useSessionStore((s) => s.closeTab);

  const title = (tab: OpenTab): string => (tab.titleKey ? t(tab.titleKey) : (tab.title ?? tab.key));
  const close = (key: string): void => {
    const i = tabs.findIndex((x) => x.key === key);
    closeTab(key);
    if (key !== pathname) return;
    const next = tabs[i + 1] ?? tabs[i - 1];
    navigate(next && next.key !== key ? next.url : home);
  };
  const closeOthers = (): void => {
    for (const tab of tabs) if (tab.key !== pathname) closeTab(tab.key);
  };
  const closeAll = (): void => {
    useSessionStore.getState().clearTabs();
    navigate(home);
  };

  if (tabs.length === 0) return null;
  return (
    <div className="mp-tabs" role="navigation" aria-label={t('tabs.label')}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={pathname}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) navigate(tab.url);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({ key: tab.key, label: title(tab), closable: tabs.length > 1 || tab.key !== home }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'others', label: t('tabs.closeOthers'), onClick: closeOthers },
                  { key: 'all', label: t('tabs.closeAll'), onClick: closeAll },
                ],
              }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.label')} />
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
