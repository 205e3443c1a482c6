/**
 * The application administrator's workbench (SPEC §2 App admin → appList "workbench"; "Application
 * list page ('my apps') with tiles of icon and name"; §9 tiles 12.5% wide): the apps this user
 * administers (every app for a platform administrator who holds the application administrator
 * identity), searched by name or code and paged on the server (`listmyapp`). Choosing a tile makes it
 * the current app (APPID / APPCODE headers from then on, stores/current-app.ts) and enters /app.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MyAppRow } from '@mp/protocol';
import TileChooser, { type TileChooserTexts } from '../../../components/TileChooser';
import { listMyApps } from '../../../api/app-clients';
import { useCurrentApp, useCurrentAppStore } from '../../../stores/current-app';

export default function AppList() {
  const { t } = useTranslation('client');
  const navigate = useNavigate();
  const current = useCurrentApp();
  const choose = useCurrentAppStore((s) => s.choose);
  const texts = useMemo<TileChooserTexts>(
    () => ({
      title: t('workbench.title'),
      intro: t('workbench.intro'),
      search: t('workbench.search'),
      empty: t('workbench.empty'),
      current: t('workbench.current'),
      disabled: t('workbench.disabled'),
      count: (count) => t('workbench.count', { count }),
    }),
    [t],
  );
  const open = (app: MyAppRow) => {
    choose({ id: app.id, code: app.code, name: app.name, logoUrl: app.logoUrl });
    navigate('/app');
  };
  return <TileChooser<MyAppRow> texts={texts} queryKey="myApps" fetchPage={listMyApps} currentId={current?.id} onOpen={open} />;
}
