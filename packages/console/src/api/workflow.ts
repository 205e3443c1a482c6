/**
 * Typed calls of the approval workflow (issue 16; SPEC §1 workflow lists; docs/workflow.md "Calls"). User-area
 * calls answer about the signed-in user; application-area calls about the APPID header's application (the
 * workbench's choice). Every function rejects with the client's `ApiError` (toasted unless `opts.noToast`).
 */
import {
  WorkflowAppPaths as AP,
  WorkflowPaths as P,
  type Paged,
  type WfAppListBody,
  type WfCandidateListBody,
  type WfCandidateRow,
  type WfDecisionBody,
  type WfKind,
  type WfListBody,
  type WfProcess,
  type WfRequestDetail,
  type WfRequestRow,
  type WfResolutionBody,
  type WfStep,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Which list: the user's tasks, handled, initiated, or (application area) the application's requests. */
export type WfList = 'task' | 'handled' | 'initiated' | 'app';

const LIST_PATH: Record<WfList, string> = { task: P.listwftask, handled: P.listwfhandled, initiated: P.listwfinitiated, app: AP.listwfrequest };

/** One page of a list. */
export const listWfRequests = (list: WfList, q: WfListBody | WfAppListBody, opts?: RequestOptions) => post<Paged<WfRequestRow>>(LIST_PATH[list], q, opts);
/** What the user may request: applications (`app`) or application roles (`approle`). */
export const listWfCandidates = (kind: WfKind, q: WfCandidateListBody) => post<Paged<WfCandidateRow>>(kind === 'app' ? P.listwfapp : P.listwfrole, q);
/** Submits a request → the row. */
export const addWfRequest = async (kind: WfKind, targetId: string, reason: string) =>
  (await post<{ row: WfRequestRow }>(P.addwfrequest, { kind, targetId, reason })).row;
/** Withdraws the user's own pending request → the row. */
export const withdrawWfRequest = async (id: string) => (await post<{ row: WfRequestRow }>(P.endwfrequest, { id })).row;
/** A request with its history and what the user may do. */
export const getWfRequest = (id: string) => post<WfRequestDetail>(P.getwfrequest, { id });
/** Approve or reject the step the user saw → the row. */
export const decideWfRequest = async (b: WfDecisionBody) => (await post<{ row: WfRequestRow }>(P.savewfdecision, b)).row;
/**
 * The header badge's pending task count: silent on error and without the global loading indicator (SPEC §7).
 */
export const wfTaskCount = async () => (await post<{ count: number }>(P.getwftaskcount, {}, { silent: true, noLoading: true })).count;
/** The application's process (application area). */
export const getWfProcess = () => post<WfProcess>(AP.getwfprocess, {});
/** Saves the application's process → as saved. */
export const saveWfProcess = (steps: WfStep[]) => post<WfProcess>(AP.savewfprocess, { steps });
/** Re-routes or closes an inaccessible request (application area) → the row. */
export const resolveWfRequest = async (b: WfResolutionBody) => (await post<{ row: WfRequestRow }>(AP.savewfresolution, b)).row;
