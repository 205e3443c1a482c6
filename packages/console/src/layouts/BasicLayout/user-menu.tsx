/**
 * The user menu (SPEC §2): the signed-in name with 'my profile' (pages/Profile, every user type),
 * 'modify password' and 'logout' (confirmation, tokenlogout, all session storage cleared, back to /login).
 */
import { App, Avatar, Dropdown } from 'antd';
import { DownOutlined, IdcardOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../stores/session-actions';
import { useSessionStore } from '../../stores/session';
import ModifyPasswordModal from './modify-password-modal';
import ProfileModal from '../../pages/Profile';

export default function UserMenu() {
  const { t } = useTranslation('layout');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const info = useSessionStore((s) => s.userInfo);
  const [pwdOpen, setPwdOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const name = info?.employeeName || info?.userName || '';

  const confirmLogout = (): void => {
    modal.confirm({
      title: t('header.logoutTitle'),
      content: t('header.logoutConfirm'),
      onOk: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    });
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <IdcardOutlined />, label: t('profile:menu'), onClick: () => setProfileOpen(true) },
            { key: 'password', icon: <KeyOutlined />, label: t('header.modifyPassword'), onClick: () => setPwdOpen(true) },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true, onClick: confirmLogout },
          ],
        }}
      >
        <button type="button" className="mp-user-trigger" aria-label={t('header.userMenu')} data-testid="user-menu">
          <Avatar size={28} className="mp-avatar">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="mp-user-name">{name}</span>
          <DownOutlined className="mp-user-caret" />
        </button>
      </Dropdown>
      <ModifyPasswordModal open={pwdOpen} onClose={() => setPwdOpen(false)} />
      <ProfileModal open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
