/**
 * Typed calls of notices (issue 16; docs/notices.md): the application administrator's (`{ app: 'admin' }`,
 * the APPID header of the current application) and the signed-in user's own. Every function rejects with
 * the client's `ApiError` when the envelope says `result: '0'` (a toast is already shown unless
 * `opts.noToast` / `opts.silent`).
 */
import {
  NoticePaths as P,
  type MyNoticeDetail,
  type MyNoticeListBody,
  type MyNoticeRow,
  type MyNoticeUnread,
  type NoticeAddBody,
  type NoticeDetail,
  type NoticeEditBody,
  type NoticeListBody,
  type NoticeReceiptListBody,
  type NoticeReceiptPage,
  type NoticeRow,
  type NoticeTargetCandidate,
  type NoticeTargetListBody,
  type Paged,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Filters of the notice grid. */
export type NoticeFilters = Pick<NoticeListBody, 'title' | 'status'>;

export const listNotices = (q: NoticeListBody, opts?: RequestOptions) => post<Paged<NoticeRow>>(P.listnotice, q, opts);
export const getNotice = async (id: string, opts?: RequestOptions) => (await post<{ row: NoticeDetail }>(P.getnotice, { id }, opts)).row;
export const addNotice = async (b: NoticeAddBody, opts?: RequestOptions) => (await post<{ row: NoticeDetail }>(P.addnotice, b, opts)).row;
export const editNotice = async (b: NoticeEditBody, opts?: RequestOptions) => (await post<{ row: NoticeDetail }>(P.editnotice, b, opts)).row;
export const deleteNotice = (id: string, opts?: RequestOptions) => post<{ id: string }>(P.deletenotice, { id }, opts);
/** Publishes (1) or withdraws (2) → the notice after the move. */
export const setNoticeStatus = async (id: string, status: 1 | 2, opts?: RequestOptions) =>
  (await post<{ row: NoticeDetail }>(P.statusnotice, { id, status }, opts)).row;
export const listNoticeReceipts = (q: NoticeReceiptListBody, opts?: RequestOptions) => post<NoticeReceiptPage>(P.listnoticereceipt, q, opts);
export const listNoticeTargets = (q: NoticeTargetListBody, opts?: RequestOptions) => post<Paged<NoticeTargetCandidate>>(P.listnoticetarget, q, opts);

export const listMyNotices = (q: MyNoticeListBody, opts?: RequestOptions) => post<Paged<MyNoticeRow>>(P.listmynotice, q, opts);
/** Opens one of the user's notices (records the read). */
export const getMyNotice = async (id: string, opts?: RequestOptions) => (await post<{ row: MyNoticeDetail }>(P.getmynotice, { id }, opts)).row;
/** The bell's figures: silent on error and without the global loading indicator (SPEC §7). */
export const myNoticeUnread = () => post<MyNoticeUnread>(P.getmynoticeunread, {}, { silent: true, noLoading: true });
