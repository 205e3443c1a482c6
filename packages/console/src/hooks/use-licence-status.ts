/**
 * The licence standing (SPEC §4 "a warning shows the days left") for the licence screen and the header
 * badge: one cached query (`LICENCE_STATUS_KEY`), refreshed every hour and after an activation. Only
 * enabled for platform administrators; failures are silent (the badge simply does not show).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLicenceStatus, LICENCE_STATUS_KEY } from '../api/licence';

/** The standing query; `enabled` false skips the call. */
export function useLicenceStatus(enabled = true, silent = false) {
  return useQuery({
    queryKey: LICENCE_STATUS_KEY,
    queryFn: () => getLicenceStatus(silent ? { silent: true, noToast: true, noLoading: true } : undefined),
    enabled,
    staleTime: 60_000,
    refetchInterval: 3_600_000,
  });
}

/** Formats a number of days in the current language ('1 day', '12 days'). */
export function useDaysText(): (days: number) => string {
  const { t } = useTranslation('licence');
  return (days) => t(days === 1 ? 'dayOne' : 'days', { count: days });
}
