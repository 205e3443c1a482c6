/**
 * The tiles of the applications the user may use (SPEC §2 User area "my apps"; §9 tiles 12.5% wide,
 * responsive below; docs/users.md): searched and paged on the server (`listmyapps`); a tile is a button
 * (Tab reaches it, Enter or Space opens it) that opens the application by single sign-on in its open type.
 */
import { useMemo } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserAppRow } from '@mp/protocol';
import TileChooser, { type TileChooserTexts } from '../../../components/TileChooser';
import { listUserApps } from '../../../api/my-apps';
import { openApp } from './open-app';

export default function MyAppTiles() {
  const { t } = useTranslation('myapps');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const texts = useMemo<TileChooserTexts>(
    () => ({
      title: t('title'),
      intro: t('intro'),
      search: t('search'),
      empty: t('empty'),
      current: '',
      disabled: '',
      count: (count) => t('count', { count }),
    }),
    [t],
  );
  const open = (app: UserAppRow) => {
    const outcome = openApp(app, (to) => navigate(to));
    if (outcome === 'no-address') void message.warning(t('noAddress'));
    if (outcome === 'blocked') void message.warning(t('popupBlocked'));
  };
  return <TileChooser<UserAppRow> texts={texts} queryKey="userApps" fetchPage={listUserApps} onOpen={open} />;
}
