/**
 * The pending task count (SPEC §7: silent on error, no global loading indicator; §9: polled every 20,000 ms,
 * only in the built console). One query shared by the header badge and the lists (which refresh it after a move).
 */
import { useQuery } from '@tanstack/react-query';
import { WF_TASK_POLL_MS } from '@mp/protocol';
import { wfTaskCount } from '../../api/workflow';

/** Query key of the count. */
export const TASK_COUNT_KEY = ['wf-task-count'] as const;

/** The query's options: polled every 20 s only in a built console (`prod`), no retries (a silent call). */
export function taskCountQuery(enabled: boolean, prod: boolean) {
  return { queryKey: TASK_COUNT_KEY, queryFn: wfTaskCount, enabled, refetchInterval: prod ? WF_TASK_POLL_MS : (false as const), retry: false };
}

/** The count for a signed-in user (`enabled`), polled in the built console. */
export function useTaskCount(enabled: boolean) {
  return useQuery(taskCountQuery(enabled, import.meta.env.PROD));
}
