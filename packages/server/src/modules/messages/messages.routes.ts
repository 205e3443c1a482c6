/**
 * Message calls (issue 16 part M; SPEC §2 App messagetemplate / message, §1 "my message"; docs/messages.md):
 * templates and messages under `{ app: 'admin' }` (the APPID header's application, `request.application`; one
 * platform-scope transaction each), the caller's own messages under `'user'` (tenant scope of the caller).
 * Starts this instance's message runner when the app is ready and stops it when the app closes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import {
  EmptyBody,
  MessageDeliveryListBody,
  MessageDeliveryRetryBody,
  MessageIdBody,
  MessageIdsBody,
  MessageListBody,
  MessagePaths,
  MessagePreviewBody,
  MessageSendBody,
  MessageStatusBody,
  MessageTargetListBody,
  MessageTemplateAddBody,
  MessageTemplateEditBody,
  MessageTemplateListBody,
  MessageTemplateStatusBody,
  MyMessageListBody,
  MyMessageReadBody,
  ok,
  pageInfo,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { tenants, users } from '../../db/schema/index.js';
import type { AppContext } from '../../types.js';
import * as tpl from './templates.service.js';
import * as msg from './messages.service.js';
import * as my from './mymessages.js';
import { listTargets } from './messages.repository.js';
import { MessageRunner } from './runner.js';

const tags = ['messages'];

/** The runner of each app, by its database (the routes plugin is encapsulated; tests and the benchmark reach it here). */
const runners = new WeakMap<object, MessageRunner>();

/** The message runner of `app` (registered with the message routes). */
export function messageRunnerOf(app: FastifyInstance): MessageRunner {
  const r = runners.get(app.database);
  if (!r) throw new Error('the message routes are not registered');
  return r;
}

export default async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const runner = new MessageRunner(app);
  runners.set(app.database, runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());

  const config = { access: { app: 'admin' } } as const;
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, a: AppContext) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!));
  /** The caller's own transaction: tenant scope, user id; records the console language first. */
  const asMe = <T>(request: FastifyRequest, fn: (tx: Tx, me: my.Me) => Promise<T>) => {
    const me = { userId: request.auth!.userId, tenantId: request.auth!.tenantId };
    return inScope(app.database.db, { scope: 'tenant', tenantId: me.tenantId }, async (tx) => {
      await my.recordLanguage(tx, me, tpl.requestLanguage(request));
      return fn(tx, me);
    });
  };

  r.post(MessagePaths.listmessagetemplate, { config, schema: { tags, body: MessageTemplateListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.listTemplatePage(tx, a, q.body))),
  );
  r.post(MessagePaths.getmessagetemplate, { config, schema: { tags, body: MessageIdBody } }, async (q) =>
    ok({ row: tpl.toTemplateRow(await inApp(q, (tx, a) => tpl.getTemplate(tx, a, q.body.id))) }),
  );
  r.post(MessagePaths.addmessagetemplate, { config, schema: { tags, body: MessageTemplateAddBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => tpl.addTemplate(tx, q, a, q.body)) }),
  );
  r.post(MessagePaths.editmessagetemplate, { config, schema: { tags, body: MessageTemplateEditBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => tpl.editTemplate(tx, q, a, q.body)) }),
  );
  r.post(MessagePaths.statusmessagetemplate, { config, schema: { tags, body: MessageTemplateStatusBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.setTemplatesStatus(tx, q, a, q.body.ids, q.body.status))),
  );
  r.post(MessagePaths.deletemessagetemplate, { config, schema: { tags, body: MessageIdsBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => tpl.deleteTemplates(tx, q, a, q.body.ids))),
  );
  r.post(MessagePaths.getmessagepreview, { config, schema: { tags, body: MessagePreviewBody } }, async (q) => {
    const auth = q.auth!;
    const who = await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      const [u] = await tx
        .select({ name: users.employeeName, username: users.username, tenantName: tenants.name })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(eq(users.id, auth.userId));
      return { name: u?.name || auth.username, username: u?.username ?? auth.username, tenantName: u?.tenantName ?? '' };
    });
    return ok({ row: tpl.previewTemplate(q, q.application!, q.body, who) });
  });

  r.post(MessagePaths.listmessage, { config, schema: { tags, body: MessageListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => msg.listMessagePage(tx, a, q.body))),
  );
  r.post(MessagePaths.getmessage, { config, schema: { tags, body: MessageIdBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => msg.getMessage(tx, a, q.body.id)) }),
  );
  r.post(MessagePaths.sendmessage, { config, schema: { tags, body: MessageSendBody } }, async (q) => {
    const row = await inApp(q, (tx, a) => msg.sendMessage(tx, q, a, q.body));
    void runner.kick();
    return ok({ row });
  });
  r.post(MessagePaths.statusmessage, { config, schema: { tags, body: MessageStatusBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => msg.cancelMessage(tx, q, a, q.body.id)) }),
  );
  r.post(MessagePaths.listmessagedelivery, { config, schema: { tags, body: MessageDeliveryListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => msg.listDeliveryPage(tx, a, q.body))),
  );
  r.post(MessagePaths.statusmessagedelivery, { config, schema: { tags, body: MessageDeliveryRetryBody } }, async (q) => {
    const res = await inApp(q, (tx, a) => msg.retryDeliveries(tx, q, a, q.body.messageId, q.body.ids));
    void runner.kick();
    return ok(res);
  });
  r.post(MessagePaths.listmessagetarget, { config, schema: { tags, body: MessageTargetListBody } }, async (q) => {
    const page = q.body.page ?? 1;
    const pageSize = q.body.pageSize ?? 20;
    const { rows, records } = await inApp(q, (tx, a) => listTargets(tx, a.id, { ...q.body, page, pageSize }));
    return ok({ rows, ...pageInfo(page, pageSize, records) });
  });

  const user = { access: 'user' } as const;
  r.post(MessagePaths.listmymessage, { config: user, schema: { tags, body: MyMessageListBody } }, async (q) =>
    ok(await asMe(q, (tx, me) => my.listMyMessages(tx, me, q.body))),
  );
  r.post(MessagePaths.getmymessage, { config: user, schema: { tags, body: MessageIdBody } }, async (q) =>
    ok({ row: await asMe(q, (tx, me) => my.openMyMessage(tx, me, q.body.id)) }),
  );
  r.post(MessagePaths.getmymessageunread, { config: user, schema: { tags, body: EmptyBody } }, async (q) =>
    ok({ count: await asMe(q, (tx, me) => my.unreadCount(tx, me)) }),
  );
  r.post(MessagePaths.statusmymessage, { config: user, schema: { tags, body: MyMessageReadBody } }, async (q) =>
    ok(await asMe(q, (tx, me) => my.markMyMessagesRead(tx, me, q.body.ids))),
  );
}
