/**
 * Typed calls of message templates, messages and "my message" (issue 16 part M; docs/messages.md): the
 * application administrator's (`{ app: 'admin' }`, the APPID header of the current application) and the
 * signed-in user's own. Every function rejects with the client's `ApiError` when the envelope says
 * `result: '0'` (a toast is already shown unless `opts.noToast` / `opts.silent`).
 */
import {
  MessagePaths as P,
  type MessageDeliveryListBody,
  type MessageDeliveryRow,
  type MessageDetail,
  type MessageListBody,
  type MessagePreview,
  type MessagePreviewBody,
  type MessageRow,
  type MessageSendBody,
  type MessageTargetListBody,
  type MessageTargetRow,
  type MessageTemplateAddBody,
  type MessageTemplateEditBody,
  type MessageTemplateListBody,
  type MessageTemplateRow,
  type MyMessageListBody,
  type MyMessageRow,
  type Paged,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Filters of the template grid. */
export type MessageTemplateFilters = Pick<MessageTemplateListBody, 'keyword' | 'channel' | 'status'>;
/** Filters of the message grid. */
export type MessageFilters = Pick<MessageListBody, 'keyword' | 'channel' | 'status'>;

export const listMessageTemplates = (q: MessageTemplateListBody, opts?: RequestOptions) => post<Paged<MessageTemplateRow>>(P.listmessagetemplate, q, opts);
export const getMessageTemplate = async (id: string, opts?: RequestOptions) =>
  (await post<{ row: MessageTemplateRow }>(P.getmessagetemplate, { id }, opts)).row;
export const addMessageTemplate = async (b: MessageTemplateAddBody) => (await post<{ row: MessageTemplateRow }>(P.addmessagetemplate, b)).row;
export const editMessageTemplate = async (b: MessageTemplateEditBody) => (await post<{ row: MessageTemplateRow }>(P.editmessagetemplate, b)).row;
export const deleteMessageTemplates = (ids: string[]) => post<{ count: number }>(P.deletemessagetemplate, { ids });
export const setMessageTemplatesStatus = (ids: string[], status: 0 | 1) => post<{ count: number }>(P.statusmessagetemplate, { ids, status });
/** Renders texts with sample (or given) values; nothing is stored. */
export const previewMessage = async (b: MessagePreviewBody) => (await post<{ row: MessagePreview }>(P.getmessagepreview, b)).row;

export const listMessages = (q: MessageListBody, opts?: RequestOptions) => post<Paged<MessageRow>>(P.listmessage, q, opts);
export const getMessage = async (id: string, opts?: RequestOptions) => (await post<{ row: MessageDetail }>(P.getmessage, { id }, opts)).row;
export const sendMessage = async (b: MessageSendBody) => (await post<{ row: MessageRow }>(P.sendmessage, b)).row;
/** Cancels a scheduled message. */
export const cancelMessage = async (id: string) => (await post<{ row: MessageRow }>(P.statusmessage, { id, status: 'cancelled' })).row;
export const listMessageDeliveries = (q: MessageDeliveryListBody, opts?: RequestOptions) => post<Paged<MessageDeliveryRow>>(P.listmessagedelivery, q, opts);
/** Retries failed deliveries (`ids`, or every failed one). */
export const retryDeliveries = (messageId: string, ids?: string[]) => post<{ count: number }>(P.statusmessagedelivery, { messageId, ids, status: 'pending' });
export const listMessageTargets = (q: MessageTargetListBody, opts?: RequestOptions) => post<Paged<MessageTargetRow>>(P.listmessagetarget, q, opts);

export const listMyMessages = (q: MyMessageListBody, opts?: RequestOptions) => post<Paged<MyMessageRow>>(P.listmymessage, q, opts);
/** Opens one of the user's messages (marks it read). */
export const getMyMessage = async (id: string) => (await post<{ row: MyMessageRow }>(P.getmymessage, { id })).row;
/** Marks `ids` (or all) read. */
export const markMyMessagesRead = (ids?: string[]) => post<{ count: number }>(P.statusmymessage, { ids, status: 'read' });
/** The bell's count: silent on error and without the global loading indicator (SPEC §7). */
export const myMessageUnread = () => post<{ count: number }>(P.getmymessageunread, {}, { silent: true, noLoading: true });
