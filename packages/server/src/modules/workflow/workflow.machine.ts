/**
 * The approval state machine (docs/workflow.md "States and moves"; issue 16 "Workflow: approvals"): pure,
 * no database. A request is `pending` at step `currentStep` of its `steps`, or finished (`approved`,
 * `rejected`, `withdrawn`, `closed`). Moves:
 * - approve (an approver of the current step): the next step, or `approved` after the last (grant applied);
 * - reject (an approver of the current step): `rejected`;
 * - withdraw (the requester): `withdrawn`;
 * - reroute (the application's administrator, only when the step has no approver, not at the last step): the
 *   next step;
 * - close (the application's administrator, only when the step has no approver): `closed`.
 * Finished requests accept no move. Who may make a move is checked by the service; this decides where it leads.
 */
import { WorkflowCodes, type WfStatus, type WfStep } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';

/** Where a request stands. */
export interface WfState {
  status: WfStatus;
  currentStep: number;
  steps: readonly WfStep[];
}

export type WfMove = 'approve' | 'reject' | 'withdraw' | 'reroute' | 'close';

/** The result of a move: the new state and whether the grant is applied now (final approval). */
export interface WfTransition {
  status: WfStatus;
  currentStep: number;
  applyGrant: boolean;
  finished: boolean;
}

/**
 * The state after `move` from `s`. `inaccessible`: the current step has no approver left (for reroute/close).
 * @throws workflow.already_decided (finished), workflow.not_resolvable (reroute/close of a reachable step, reroute at the last step).
 */
export function transition(s: WfState, move: WfMove, inaccessible = false): WfTransition {
  if (s.status !== 'pending') throw new AppError(move === 'withdraw' ? WorkflowCodes.NOT_WITHDRAWABLE : WorkflowCodes.ALREADY_DECIDED);
  const last = s.currentStep >= s.steps.length - 1;
  switch (move) {
    case 'approve':
      return last
        ? { status: 'approved', currentStep: s.currentStep, applyGrant: true, finished: true }
        : { status: 'pending', currentStep: s.currentStep + 1, applyGrant: false, finished: false };
    case 'reject':
      return { status: 'rejected', currentStep: s.currentStep, applyGrant: false, finished: true };
    case 'withdraw':
      return { status: 'withdrawn', currentStep: s.currentStep, applyGrant: false, finished: true };
    case 'reroute':
      if (!inaccessible || last) throw new AppError(WorkflowCodes.NOT_RESOLVABLE);
      return { status: 'pending', currentStep: s.currentStep + 1, applyGrant: false, finished: false };
    case 'close':
      if (!inaccessible) throw new AppError(WorkflowCodes.NOT_RESOLVABLE);
      return { status: 'closed', currentStep: s.currentStep, applyGrant: false, finished: true };
  }
}

/**
 * Checks a process: 1–4 steps, the application's administrators last and only last (so the grant an approval
 * applies never exceeds what its final approver may grant). @throws workflow.steps_invalid.
 */
export function assertValidSteps(steps: readonly WfStep[]): void {
  const adminAt = steps.findIndex((s) => s.kind === 'appAdmin');
  if (!steps.length || steps.length > 4 || adminAt !== steps.length - 1) throw new AppError(WorkflowCodes.STEPS_INVALID);
}
