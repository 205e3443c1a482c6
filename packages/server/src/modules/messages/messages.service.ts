/**
 * Messages of an application (issue 16 part M; SPEC §2 App message; docs/messages.md "Messages"): send from a
 * template or free text to users, organisations and application roles, now or at a time; the grid with counts
 * per delivery status; the detail with its deliveries; cancel a scheduled message; retry failed deliveries.
 * Every call is for `request.application`; writes are audited (`message.*`, tenant 'sys') in the caller's
 * transaction. Sending itself is the runner's (runner.ts): this module only records what to send.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  BUILTIN_VARIABLES,
  MESSAGE_RULES,
  MessageCodes,
  MessageTemplateCodes,
  pageInfo,
  type MessageChannel,
  type MessageContents,
  type MessageDetail,
  type MessageDeliveryListBody,
  type MessageDeliveryRow,
  type MessageListBody,
  type MessageRow,
  type MessageSendBody,
  type MessageStatus,
  type MessageVariable,
  type Paged,
  type MESSAGE_SORT_FIELDS,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { messageDeliveries, messages, messageTemplates, type MessageAudience } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { likeContains } from '../approles/approles.repository.js';
import * as repo from './messages.repository.js';
import { checkContents, fill, htmlToText, pickLanguage, textToHtml } from './render.js';
import { getTemplate, requestLanguage } from './templates.service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

function toRow(m: repo.MessageRecord, counts: MessageRow['counts'], templateName: string): MessageRow {
  return {
    id: m.id,
    templateId: m.templateId ?? '',
    templateName,
    channel: m.channel as MessageChannel,
    subject: m.subject,
    status: m.status as MessageStatus,
    sendAt: iso(m.sendAt),
    recipients: m.recipients,
    counts,
    creator: m.creator,
    createdAt: iso(m.createdAt),
  };
}

async function rowsWithCounts(tx: Tx, list: repo.MessageRecord[]): Promise<MessageRow[]> {
  const counts = await repo.deliveryCounts(
    tx,
    list.map((m) => m.id),
  );
  const tplIds = [...new Set(list.map((m) => m.templateId).filter((x): x is string => !!x))];
  const names = new Map(
    (tplIds.length
      ? await tx.select({ id: messageTemplates.id, name: messageTemplates.name }).from(messageTemplates).where(inArray(messageTemplates.id, tplIds))
      : []
    ).map((t) => [t.id, t.name]),
  );
  return list.map((m) => toRow(m, counts.get(m.id)!, m.templateId ? (names.get(m.templateId) ?? '') : ''));
}

const SORT: SortColumns<typeof MESSAGE_SORT_FIELDS> = {
  createdAt: messages.createdAt,
  sendAt: messages.sendAt,
  channel: messages.channel,
  status: messages.status,
};

/** `listmessage`: one page of the application's messages with delivery counts per status. Four statements. */
export async function listMessagePage(tx: Tx, app: AppContext, q: MessageListBody): Promise<Paged<MessageRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const kw = q.keyword?.trim();
  const where = and(
    eq(messages.productId, app.id),
    kw ? ilike(messages.subject, likeContains(kw)) : undefined,
    q.channel ? eq(messages.channel, q.channel) : undefined,
    q.status ? eq(messages.status, q.status) : undefined,
  );
  const list = await tx
    .select()
    .from(messages)
    .where(where)
    .orderBy(...orderTerms(SORT, q, desc(messages.createdAt), messages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [n] = await tx.select({ n: count() }).from(messages).where(where);
  return { rows: await rowsWithCounts(tx, list), ...pageInfo(page, pageSize, n?.n ?? 0) };
}

/** The application's message `id`, locked. @throws message.not_found. */
export async function getMessageRecord(tx: Tx, app: AppContext, id: string): Promise<repo.MessageRecord> {
  const m = await repo.findMessage(tx, app.id, id);
  if (!m) throw new AppError(MessageCodes.NOT_FOUND);
  return m;
}

/** `getmessage`: the row, its texts and values, and the audience with names. @throws message.not_found. */
export async function getMessage(tx: Tx, app: AppContext, id: string): Promise<MessageDetail> {
  const m = await getMessageRecord(tx, app, id);
  const [row] = await rowsWithCounts(tx, [m]);
  const a = m.audience;
  const named = async (q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: { id: string; name: string }[] }).rows;
  const users = a.userIds.length
    ? await named(sql`select id, coalesce(nullif(employee_name, ''), username) as name from users where ${inArray(sql`id`, a.userIds)}`)
    : [];
  const orgs = a.orgs.length
    ? await named(
        sql`select id, name from organisations where ${inArray(
          sql`id`,
          a.orgs.map((o) => o.id),
        )}`,
      )
    : [];
  const roles = a.roleIds.length ? await named(sql`select id, name from app_roles where product_id = ${app.id} and ${inArray(sql`id`, a.roleIds)}`) : [];
  const nameOf = (list: { id: string; name: string }[], id: string) => list.find((x) => x.id === id)?.name ?? id;
  return {
    ...row!,
    contents: m.contents,
    values: m.values,
    audience: {
      users: a.userIds.map((uid) => ({ id: uid, name: nameOf(users, uid) })),
      orgs: a.orgs.map((o) => ({ id: o.id, name: nameOf(orgs, o.id), sub: o.sub })),
      roles: a.roleIds.map((rid) => ({ id: rid, name: nameOf(roles, rid) })),
    },
  };
}

/** Checks the audience: at least one entry; every listed user, organisation and role is the application's. @throws message.audience_required, message.target_unknown. */
async function checkAudience(tx: Tx, app: AppContext, b: MessageSendBody): Promise<MessageAudience> {
  const userIds = [...new Set(b.userIds ?? [])];
  const orgMap = new Map<string, boolean>();
  for (const o of b.orgs ?? []) orgMap.set(o.id, (orgMap.get(o.id) ?? false) || o.sub);
  const roleIds = [...new Set(b.roleIds ?? [])];
  if (!userIds.length && !orgMap.size && !roleIds.length) throw new AppError(MessageCodes.AUDIENCE_REQUIRED);
  const check = (ids: string[], ok: Set<string>) => {
    const bad = ids.find((i) => !ok.has(i));
    if (bad) throw new AppError(MessageCodes.TARGET_UNKNOWN, { id: bad });
  };
  check(userIds, await repo.appUserIds(tx, app.id, userIds));
  check([...orgMap.keys()], await repo.appOrgIds(tx, app.id, [...orgMap.keys()]));
  check(roleIds, await repo.appRoleIds(tx, app.id, roleIds));
  return { userIds, orgs: [...orgMap].map(([id, sub]) => ({ id, sub })), roleIds };
}

/** `sendAt`: absent = now; else a time after now and within a year. @throws message.send_at_invalid. */
function checkSendAt(v: string | undefined): Date | null {
  if (!v?.trim()) return null;
  const t = Date.parse(v);
  if (Number.isNaN(t) || t <= Date.now() || t > Date.now() + 366 * 86_400_000) throw new AppError(MessageCodes.SEND_AT_INVALID);
  return new Date(t);
}

/** The texts, variables and values of a template message. @throws messagetemplate.not_found / disabled, message.value_required / value_too_long. */
async function fromTemplate(tx: Tx, app: AppContext, templateId: string, given: Record<string, string>) {
  const t = await getTemplate(tx, app, templateId);
  if (t.status !== 1) throw new AppError(MessageTemplateCodes.DISABLED, { code: t.code });
  const values: Record<string, string> = {};
  for (const v of t.variables as MessageVariable[]) {
    const value = Object.hasOwn(given, v.name) ? given[v.name]!.trim() : '';
    if (!value) throw new AppError(MessageCodes.VALUE_REQUIRED, { name: v.name });
    if ([...value].length > MESSAGE_RULES.variable.value) throw new AppError(MessageCodes.VALUE_TOO_LONG, { name: v.name, max: MESSAGE_RULES.variable.value });
    values[v.name] = value;
  }
  return { channel: t.channel as MessageChannel, contents: t.contents, variables: t.variables, values, templateId: t.id };
}

/** The texts of a free-text message, in the sender's language (e-mail: the plain text as escaped HTML). @throws message.channel_required / body_required, messagetemplate.* (texts). */
function fromFreeText(b: MessageSendBody, language: string) {
  if (!b.channel) throw new AppError(MessageCodes.CHANNEL_REQUIRED);
  if (!b.body?.trim()) throw new AppError(MessageCodes.BODY_REQUIRED);
  const lang = pickLanguage({ [language]: { subject: '', body: 'x' } } as MessageContents, language, language);
  const contents = checkContents(b.channel, { [lang]: { subject: b.subject ?? '', body: b.body } }, []);
  if (b.channel === 'email') for (const c of Object.values(contents)) c!.body = textToHtml(c!.body);
  return { channel: b.channel, contents, variables: [] as MessageVariable[], values: {} as Record<string, string>, templateId: null };
}

/**
 * `sendmessage`: records the message ('scheduled', due at `sendAt` or now) for the runner, which resolves the
 * recipients when it is due and writes one delivery per recipient. Answers the row.
 * @throws message.* and messagetemplate.* as the helpers above.
 */
export async function sendMessage(tx: Tx, request: FastifyRequest, app: AppContext, b: MessageSendBody): Promise<MessageRow> {
  const language = requestLanguage(request);
  const src = b.templateId ? await fromTemplate(tx, app, b.templateId, b.values ?? {}) : fromFreeText(b, language);
  const audience = await checkAudience(tx, app, b);
  const sendAt = checkSendAt(b.sendAt);
  const shown = src.contents[pickLanguage(src.contents, language, language)]!;
  // The grid's subject: the custom values filled in, the per-recipient variables left as placeholders.
  const keep = Object.fromEntries(BUILTIN_VARIABLES.map((n) => [n, `{{${n}}}`]));
  const subject = fill(src.channel === 'sms' ? htmlToText(shown.body) : (shown.subject ?? ''), { ...keep, ...src.values }).slice(0, MESSAGE_RULES.subject.max);
  const id = randomUUID();
  await tx.insert(messages).values({
    id,
    productId: app.id,
    templateId: src.templateId,
    channel: src.channel,
    subject,
    contents: src.contents,
    variables: src.variables,
    values: src.values,
    audience,
    language,
    ...(sendAt ? { sendAt } : {}),
    status: 'scheduled',
    creator: request.auth?.username ?? '',
  });
  const m = await getMessageRecord(tx, app, id);
  const [row] = await rowsWithCounts(tx, [m]);
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'message.send',
    entity: 'message',
    entityId: id,
    after: { channel: src.channel, templateId: src.templateId, subject, audience, sendAt: row!.sendAt },
  });
  return row!;
}

/** `statusmessage`: cancels a scheduled message (its recipients were never resolved). @throws message.not_found, message.not_scheduled. */
export async function cancelMessage(tx: Tx, request: FastifyRequest, app: AppContext, id: string): Promise<MessageRow> {
  const m = await getMessageRecord(tx, app, id);
  if (m.status !== 'scheduled') throw new AppError(MessageCodes.NOT_SCHEDULED);
  await tx
    .update(messages)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(messages.productId, app.id), eq(messages.id, id)));
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'message.cancel',
    entity: 'message',
    entityId: id,
    before: { status: m.status },
    after: { status: 'cancelled' },
  });
  const [row] = await rowsWithCounts(tx, [await getMessageRecord(tx, app, id)]);
  return row!;
}

/** `listmessagedelivery`: one page of the message's deliveries. @throws message.not_found. */
export async function listDeliveryPage(tx: Tx, app: AppContext, q: MessageDeliveryListBody): Promise<Paged<MessageDeliveryRow>> {
  await getMessageRecord(tx, app, q.messageId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listDeliveries(tx, q.messageId, { ...q, page, pageSize });
  return { rows, ...pageInfo(page, pageSize, records) };
}

/**
 * `statusmessagedelivery`: puts failed deliveries of the message (`ids`, or every failed one) back to 'pending'
 * for the runner, with the recipient's current address; all or none. @throws message.not_found (message or a delivery not its), message.not_failed.
 */
export async function retryDeliveries(
  tx: Tx,
  request: FastifyRequest,
  app: AppContext,
  messageId: string,
  ids: string[] | undefined,
): Promise<{ count: number }> {
  await getMessageRecord(tx, app, messageId);
  const wanted = [...new Set(ids ?? [])];
  const found = await tx
    .select({ id: messageDeliveries.id, status: messageDeliveries.status })
    .from(messageDeliveries)
    .where(and(eq(messageDeliveries.messageId, messageId), wanted.length ? inArray(messageDeliveries.id, wanted) : eq(messageDeliveries.status, 'failed')))
    .for('update');
  if (found.length !== wanted.length && wanted.length) throw new AppError(MessageCodes.NOT_FOUND);
  if (found.some((d) => d.status !== 'failed')) throw new AppError(MessageCodes.NOT_FAILED);
  if (!found.length) return { count: 0 };
  // The recipient's current e-mail address / mobile: a retry after the user's address was fixed reaches it.
  await tx
    .update(messageDeliveries)
    .set({
      status: 'pending',
      reason: '',
      leaseOwner: null,
      leaseExpiresAt: null,
      updatedAt: new Date(),
      address: sql`coalesce((select case ${messageDeliveries.channel} when 'email' then u.email when 'sms' then u.mobile end from users u where u.id = ${messageDeliveries.userId}), '')`,
    })
    .where(
      and(
        eq(messageDeliveries.messageId, messageId),
        inArray(
          messageDeliveries.id,
          found.map((d) => d.id),
        ),
      ),
    );
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'message.retry',
    entity: 'message',
    entityId: messageId,
    after: { deliveries: found.length },
  });
  return { count: found.length };
}
