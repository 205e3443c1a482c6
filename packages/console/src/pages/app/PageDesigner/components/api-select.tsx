/**
 * The API picker of a function definition (SPEC §2 Page manager "function definition with API selection
 * (load-data API, save-data API, several separated by commas)"): a searchable multiple select over the
 * current application's API registry (`listapioption`, searched on the server), with the chosen APIs
 * listed below, separated by commas. The value is the chosen API ids.
 */
import { useMemo, useRef, useState } from 'react';
import { Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppApiRef } from '@mp/protocol';
import { listApiOptions } from '../../../../api/app-pages';
import { useCurrentApp } from '../../../../stores/current-app';

export interface ApiSelectProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** The APIs chosen when the form opened (for their labels before any search). */
  initial: AppApiRef[];
  id?: string;
  'data-testid'?: string;
}

export default function ApiSelect({ value = [], onChange, initial, id, 'data-testid': testId }: ApiSelectProps) {
  const { t } = useTranslation('apppage');
  const app = useCurrentApp();
  const [keyword, setKeyword] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const options = useQuery({
    queryKey: ['apppage-apioptions', app?.id, keyword],
    queryFn: () => listApiOptions({ keyword, page: 1, pageSize: 50 }),
    staleTime: 30_000,
  });
  const known = useMemo(() => {
    const m = new Map<string, AppApiRef>(initial.map((a) => [a.id, a]));
    for (const a of options.data?.rows ?? []) m.set(a.id, a);
    return m;
  }, [initial, options.data]);
  const chosen = value.map((v) => known.get(v)?.name ?? v);
  return (
    <div data-testid={testId}>
      <Select<string[]>
        id={id}
        mode="multiple"
        showSearch={{
          filterOption: false,
          onSearch: (v) => {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setKeyword(v.trim()), 250);
          },
        }}
        value={value}
        onChange={(v) => onChange?.(v)}
        loading={options.isFetching}
        placeholder={t('apiPlaceholder')}
        options={[...known.values()].map((a) => ({ value: a.id, label: `${a.name} (${a.url})` }))}
        style={{ width: '100%' }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId ? `${testId}-chosen` : undefined}>
        {t('apisChosen', { list: chosen.length ? chosen.join(', ') : t('noApis') })}
      </Typography.Text>
    </div>
  );
}
