import { describe, expect, it, vi } from 'vitest';
import { WorkflowPaths } from '@mp/protocol';

vi.mock('./client', () => ({ post: vi.fn(async () => ({ count: 3 })) }));

const { post } = await import('./client');
const { wfTaskCount } = await import('./workflow');

describe('workflow calls', () => {
  it('the pending task count is silent on error and never turns the global loading indicator on (SPEC §7)', async () => {
    expect(await wfTaskCount()).toBe(3);
    expect(post).toHaveBeenCalledWith(WorkflowPaths.getwftaskcount, {}, { silent: true, noLoading: true });
  });
});

describe('task badge polling', () => {
  it('polls every 20,000 ms only in the built console (SPEC §9)', async () => {
    const { taskCountQuery } = await import('../components/WfRequests/task-count');
    expect(taskCountQuery(true, true).refetchInterval).toBe(20_000);
    expect(taskCountQuery(true, false).refetchInterval).toBe(false);
    expect(taskCountQuery(false, true).enabled).toBe(false);
  });
});
