import { describe, expect, it } from 'vitest';
import { WorkflowCodes, type WfStep } from '@mp/protocol';
import { assertValidSteps, transition } from './workflow.machine.js';

const TWO: WfStep[] = [{ kind: 'manager', roleCode: 'MANAGER' }, { kind: 'appAdmin' }];
const at = (currentStep: number, status: 'pending' | 'approved' = 'pending') => ({ status, currentStep, steps: TWO });
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'none';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('workflow state machine', () => {
  it('approve moves to the next step, and after the last one approves with the grant', () => {
    expect(transition(at(0), 'approve')).toEqual({ status: 'pending', currentStep: 1, applyGrant: false, finished: false });
    expect(transition(at(1), 'approve')).toEqual({ status: 'approved', currentStep: 1, applyGrant: true, finished: true });
  });
  it('reject and withdraw end the request at any step without a grant', () => {
    expect(transition(at(0), 'reject')).toMatchObject({ status: 'rejected', applyGrant: false, finished: true });
    expect(transition(at(1), 'withdraw')).toMatchObject({ status: 'withdrawn', applyGrant: false, finished: true });
  });
  it('re-route and close only when the step has no approver; re-route never past the last step', () => {
    expect(code(() => transition(at(0), 'reroute'))).toBe(WorkflowCodes.NOT_RESOLVABLE);
    expect(code(() => transition(at(0), 'close'))).toBe(WorkflowCodes.NOT_RESOLVABLE);
    expect(transition(at(0), 'reroute', true)).toMatchObject({ status: 'pending', currentStep: 1, applyGrant: false });
    expect(code(() => transition(at(1), 'reroute', true))).toBe(WorkflowCodes.NOT_RESOLVABLE);
    expect(transition(at(1), 'close', true)).toMatchObject({ status: 'closed', applyGrant: false, finished: true });
  });
  it('a finished request accepts no move', () => {
    for (const m of ['approve', 'reject', 'reroute', 'close'] as const)
      expect(code(() => transition(at(1, 'approved'), m, true))).toBe(WorkflowCodes.ALREADY_DECIDED);
    expect(code(() => transition(at(1, 'approved'), 'withdraw'))).toBe(WorkflowCodes.NOT_WITHDRAWABLE);
  });
  it('a process ends with the application administrators, and has them only there', () => {
    expect(code(() => assertValidSteps(TWO))).toBe('none');
    expect(code(() => assertValidSteps([{ kind: 'appAdmin' }]))).toBe('none');
    for (const bad of [
      [],
      [{ kind: 'manager', roleCode: 'M' }],
      [{ kind: 'appAdmin' }, { kind: 'manager', roleCode: 'M' }],
      [{ kind: 'appAdmin' }, { kind: 'appAdmin' }],
    ] as WfStep[][]) {
      expect(code(() => assertValidSteps(bad))).toBe(WorkflowCodes.STEPS_INVALID);
    }
  });
});
