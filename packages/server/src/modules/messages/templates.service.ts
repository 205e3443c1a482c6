/**
 * Message templates of an application (issue 16 part M; SPEC §2 App messagetemplate; docs/messages.md
 * "Templates"): grid, add, edit, enable/disable, delete, preview. Every call is for `request.application`
 * (ids of another application are "not found"); writes are audited (`messagetemplate.*`, tenant 'sys') in
 * the caller's transaction; batches are all or nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  BUILTIN_VARIABLES,
  Codes,
  MESSAGE_RULES,
  MessageTemplateCodes,
  pageInfo,
  type MessageChannel,
  type MessagePreview,
  type MessagePreviewBody,
  type MessageTemplateAddBody,
  type MessageTemplateEditBody,
  type MessageTemplateListBody,
  type MessageTemplateRow,
  type MessageVariable,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { messages, messageTemplates } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { likeContains } from '../approles/approles.repository.js';
import { checkContents, pickLanguage, renderFor } from './render.js';
import type { MESSAGE_TEMPLATE_SORT_FIELDS } from '@mp/protocol';

type TemplateRecord = typeof messageTemplates.$inferSelect;

/** The API shape of a template. */
export function toTemplateRow(r: TemplateRecord): MessageTemplateRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    channel: r.channel as MessageChannel,
    contents: r.contents,
    variables: r.variables,
    status: r.status === 1 ? 1 : 0,
    description: r.description,
    creator: r.creator,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const SORT: SortColumns<typeof MESSAGE_TEMPLATE_SORT_FIELDS> = {
  code: messageTemplates.code,
  name: messageTemplates.name,
  channel: messageTemplates.channel,
  status: messageTemplates.status,
  updatedAt: messageTemplates.updatedAt,
};

/** `listmessagetemplate`: one page of the application's templates (keyword contains on code or name; channel; status). Two statements. */
export async function listTemplatePage(tx: Tx, app: AppContext, q: MessageTemplateListBody): Promise<Paged<MessageTemplateRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const kw = q.keyword?.trim();
  const where = and(
    eq(messageTemplates.productId, app.id),
    kw ? or(ilike(messageTemplates.code, likeContains(kw)), ilike(messageTemplates.name, likeContains(kw))) : undefined,
    q.channel ? eq(messageTemplates.channel, q.channel) : undefined,
    q.status === undefined ? undefined : eq(messageTemplates.status, q.status),
  );
  const rows = await tx
    .select()
    .from(messageTemplates)
    .where(where)
    .orderBy(...orderTerms(SORT, q, desc(messageTemplates.updatedAt), messageTemplates.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [n] = await tx.select({ n: count() }).from(messageTemplates).where(where);
  return { rows: rows.map(toTemplateRow), ...pageInfo(page, pageSize, n?.n ?? 0) };
}

/** The application's templates of `ids`, locked. */
function findTemplates(tx: Tx, app: AppContext, ids: string[]): Promise<TemplateRecord[]> {
  return tx
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.productId, app.id), inArray(messageTemplates.id, ids)))
    .for('update');
}

/** The application's template `id`. @throws messagetemplate.not_found. */
export async function getTemplate(tx: Tx, app: AppContext, id: string): Promise<TemplateRecord> {
  const [r] = await findTemplates(tx, app, [id]);
  if (!r) throw new AppError(MessageTemplateCodes.NOT_FOUND);
  return r;
}

async function getTemplates(tx: Tx, app: AppContext, ids: string[]): Promise<TemplateRecord[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) throw new AppError(Codes.CHOOSE_AT_LEAST_ONE);
  const found = await findTemplates(tx, app, unique);
  if (found.length !== unique.length) throw new AppError(MessageTemplateCodes.NOT_FOUND);
  return found;
}

/**
 * Checks custom variables: names (a letter, then letters, digits, `_`, ≤ 30; not a built-in's), no duplicate,
 * at most MESSAGE_RULES.variable.maxCount; samples ≤ 100. Answers them trimmed.
 * @throws messagetemplate.variable_name / variable_duplicate / variable_too_many, validation.too_long.
 */
export function checkVariables(vars: { name: string; sample?: string | undefined }[] | undefined): MessageVariable[] {
  const list = vars ?? [];
  if (list.length > MESSAGE_RULES.variable.maxCount) throw new AppError(MessageTemplateCodes.VARIABLE_TOO_MANY, { max: MESSAGE_RULES.variable.maxCount });
  const seen = new Set<string>();
  return list.map((v) => {
    const name = v.name.trim();
    if (!MESSAGE_RULES.variable.pattern.test(name) || (BUILTIN_VARIABLES as readonly string[]).includes(name))
      throw new AppError(MessageTemplateCodes.VARIABLE_NAME, { name });
    if (seen.has(name.toLowerCase())) throw new AppError(MessageTemplateCodes.VARIABLE_DUPLICATE, { name });
    seen.add(name.toLowerCase());
    return { name, sample: checkText('description', v.sample, { max: MESSAGE_RULES.variable.sample }) };
  });
}

/** Checks every field of the form in its order. */
function checkFields(b: MessageTemplateAddBody) {
  const code = checkText('code', b.code, {
    required: true,
    max: MESSAGE_RULES.code.max,
    pattern: MESSAGE_RULES.code.pattern,
    patternCode: MessageTemplateCodes.CODE_PATTERN,
  });
  const name = checkText('name', b.name, { required: true, max: MESSAGE_RULES.name.max });
  const variables = checkVariables(b.variables);
  const contents = checkContents(
    b.channel,
    b.contents,
    variables.map((v) => v.name),
  );
  const description = checkText('description', b.description, { max: MESSAGE_RULES.description.max });
  return { code, name, channel: b.channel, variables, contents, description };
}

const codeRace = (code: string) => ({ message_templates_code_uq: new AppError(MessageTemplateCodes.CODE_IN_USE, { code }) });

async function assertCodeFree(tx: Tx, app: AppContext, code: string, exceptId?: string) {
  const rows = await tx
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.productId, app.id), sql`lower(${messageTemplates.code}) = lower(${code})`));
  if (rows.some((r) => r.id !== exceptId)) throw new AppError(MessageTemplateCodes.CODE_IN_USE, { code });
}

/** `addmessagetemplate`. @throws validation.*, messagetemplate.* (fields, placeholders), messagetemplate.code_in_use. */
export async function addTemplate(tx: Tx, request: FastifyRequest, app: AppContext, b: MessageTemplateAddBody): Promise<MessageTemplateRow> {
  const f = checkFields(b);
  await assertCodeFree(tx, app, f.code);
  const id = randomUUID();
  await withUniqueErrors(codeRace(f.code), () =>
    tx.insert(messageTemplates).values({ id, productId: app.id, ...f, status: b.status ?? 1, creator: request.auth?.username ?? '' }),
  );
  const row = toTemplateRow(await getTemplate(tx, app, id));
  await insertAuditEntry(tx, request, { tenantId: 'sys', action: 'messagetemplate.add', entity: 'messagetemplate', entityId: id, after: row });
  return row;
}

/** `editmessagetemplate` (messages already made from it keep their own copy of the texts). @throws as addTemplate, messagetemplate.not_found. */
export async function editTemplate(tx: Tx, request: FastifyRequest, app: AppContext, b: MessageTemplateEditBody): Promise<MessageTemplateRow> {
  const before = toTemplateRow(await getTemplate(tx, app, b.id));
  const f = checkFields(b);
  await assertCodeFree(tx, app, f.code, b.id);
  await withUniqueErrors(codeRace(f.code), () =>
    tx
      .update(messageTemplates)
      .set({ ...f, ...(b.status === undefined ? {} : { status: b.status }), updatedAt: new Date() })
      .where(and(eq(messageTemplates.productId, app.id), eq(messageTemplates.id, b.id))),
  );
  const after = toTemplateRow(await getTemplate(tx, app, b.id));
  await insertAuditEntry(tx, request, { tenantId: 'sys', action: 'messagetemplate.edit', entity: 'messagetemplate', entityId: b.id, before, after });
  return after;
}

/** `statusmessagetemplate`: all or none. @throws validation.choose_at_least_one, messagetemplate.not_found. */
export async function setTemplatesStatus(tx: Tx, request: FastifyRequest, app: AppContext, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  const found = await getTemplates(tx, app, ids);
  await tx
    .update(messageTemplates)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(messageTemplates.productId, app.id),
        inArray(
          messageTemplates.id,
          found.map((t) => t.id),
        ),
      ),
    );
  for (const t of found) {
    await insertAuditEntry(tx, request, {
      tenantId: 'sys',
      action: status ? 'messagetemplate.enable' : 'messagetemplate.disable',
      entity: 'messagetemplate',
      entityId: t.id,
      before: { status: t.status },
      after: { status },
    });
  }
  return { count: found.length };
}

/**
 * `deletemessagetemplate`: all or none. A template that scheduled (not yet sent) messages use is refused
 * (`messagetemplate.in_use`: cancel them first); sent messages keep their copy of the texts.
 * @throws as setTemplatesStatus, messagetemplate.in_use.
 */
export async function deleteTemplates(tx: Tx, request: FastifyRequest, app: AppContext, ids: string[]): Promise<{ count: number }> {
  const found = await getTemplates(tx, app, ids);
  const used = await tx
    .select({ id: messages.templateId, n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.productId, app.id),
        eq(messages.status, 'scheduled'),
        inArray(
          messages.templateId,
          found.map((t) => t.id),
        ),
      ),
    )
    .groupBy(messages.templateId);
  const busy = used.find((u) => u.n > 0);
  if (busy) throw new AppError(MessageTemplateCodes.IN_USE, { code: found.find((t) => t.id === busy.id)?.code ?? '', count: busy.n });
  await tx.delete(messageTemplates).where(
    and(
      eq(messageTemplates.productId, app.id),
      inArray(
        messageTemplates.id,
        found.map((t) => t.id),
      ),
    ),
  );
  for (const t of found)
    await insertAuditEntry(tx, request, {
      tenantId: 'sys',
      action: 'messagetemplate.delete',
      entity: 'messagetemplate',
      entityId: t.id,
      before: toTemplateRow(t),
    });
  return { count: found.length };
}

/**
 * `getmessagepreview`: the texts checked as on save and rendered in `language` (else the caller's) with the
 * caller as the recipient, this application, and `values` (else each variable's sample). Nothing is stored.
 */
export function previewTemplate(
  request: FastifyRequest,
  app: AppContext,
  b: MessagePreviewBody,
  who: { name: string; username: string; tenantName: string },
): MessagePreview {
  const variables = checkVariables(b.variables);
  const contents = checkContents(
    b.channel,
    b.contents,
    variables.map((v) => v.name),
  );
  const values: Record<string, string> = { 'user.name': who.name, 'user.username': who.username, 'tenant.name': who.tenantName, 'app.name': app.name };
  for (const v of variables) values[v.name] = b.values && Object.hasOwn(b.values, v.name) ? b.values[v.name]! : v.sample;
  const language = pickLanguage(contents, b.language, requestLanguage(request));
  return { language, ...renderFor(b.channel, contents, language, values) };
}

/** The request's language as a protocol language code (ZH_CN, EN_US, JA_JP). */
export function requestLanguage(request: FastifyRequest): string {
  return String(request.locale ?? 'zh-CN')
    .replace('-', '_')
    .toUpperCase();
}
