/**
 * Notice calls (issue 16 "Notices"; docs/notices.md): the application administrator's
 * `/gateway/tenant/plat/notice/*` (`{ app: 'admin' }`, the APPID application only), the user's own
 * `/gateway/tenant/plat/mynotice/*` (any signed-in user: the notices of the applications they may use), and
 * the notice image `GET …/notice/getnoticefile/{fileId}?code=` (SPEC §7: an image tag's request,
 * authenticated by the MD5 `code` of an active session's token). Each call is one platform-scope
 * transaction: notices belong to an application that serves several tenants.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Codes,
  Identity,
  MyNoticeListBody,
  NoticeAddBody,
  NoticeEditBody,
  NoticeIdBody,
  NoticeListBody,
  NoticePaths,
  NoticeReceiptListBody,
  NoticeStatusBody,
  NoticeTargetListBody,
  EmptyBody,
  ok,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';
import type { AppContext } from '../../types.js';
import { findActiveSessionByMd5 } from '../session/session.repository.js';
import * as svc from './notices.service.js';
import { listCandidates } from './notices.targets.js';
import { listMyNotices, mayViewNoticeFile, myUnread, openMyNotice } from './notices.mine.js';

const tags = ['notices'];

export default async function noticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** Runs `fn` in one platform-scope transaction for the application the guard resolved. */
  const inApp = <T>(request: FastifyRequest, fn: (tx: Tx, a: AppContext) => Promise<T>) =>
    inScope(app.database.db, PLATFORM_SCOPE, (tx) => fn(tx, request.application!));
  const config = { access: { app: 'admin' } as const };

  r.post(NoticePaths.listnotice, { config, schema: { tags, body: NoticeListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.listNoticePage(tx, a, q.body))),
  );
  r.post(NoticePaths.getnotice, { config, schema: { tags, body: NoticeIdBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => svc.getNotice(tx, a, q.body.id)) }),
  );
  r.post(NoticePaths.addnotice, { config, schema: { tags, body: NoticeAddBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => svc.addNotice(tx, q, a, q.body)) }),
  );
  r.post(NoticePaths.editnotice, { config, schema: { tags, body: NoticeEditBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => svc.editNotice(tx, q, a, q.body)) }),
  );
  r.post(NoticePaths.deletenotice, { config, schema: { tags, body: NoticeIdBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.deleteNotice(tx, q, a, q.body.id))),
  );
  r.post(NoticePaths.statusnotice, { config, schema: { tags, body: NoticeStatusBody } }, async (q) =>
    ok({ row: await inApp(q, (tx, a) => svc.setNoticeStatus(tx, q, a, q.body.id, q.body.status)) }),
  );
  r.post(NoticePaths.listnoticereceipt, { config, schema: { tags, body: NoticeReceiptListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => svc.listReceipts(tx, a, q.body))),
  );
  r.post(NoticePaths.listnoticetarget, { config, schema: { tags, body: NoticeTargetListBody } }, async (q) =>
    ok(await inApp(q, (tx, a) => listCandidates(tx, a.id, q.body))),
  );

  const mine = { access: 'user' as const };
  r.post(NoticePaths.listmynotice, { config: mine, schema: { tags, body: MyNoticeListBody } }, async (q) =>
    ok(await inScope(app.database.db, PLATFORM_SCOPE, (tx) => listMyNotices(tx, q.auth!.userId, q.body))),
  );
  r.post(NoticePaths.getmynotice, { config: mine, schema: { tags, body: NoticeIdBody } }, async (q) =>
    ok({ row: await inScope(app.database.db, PLATFORM_SCOPE, (tx) => openMyNotice(tx, q.auth!, q.body.id)) }),
  );
  r.post(NoticePaths.getmynoticeunread, { config: mine, schema: { tags, body: EmptyBody } }, async (q) =>
    ok(await inScope(app.database.db, PLATFORM_SCOPE, (tx) => myUnread(tx, q.auth!.userId))),
  );

  r.get(
    `${NoticePaths.getnoticefile}/:id`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => {
      const { code } = request.query;
      const session = code ? await findActiveSessionByMd5(app.database.db, code.toLowerCase()) : undefined;
      if (!session) throw new AppError(Codes.TOKEN_MISSING, {}, 401);
      const file = await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
        const s = { userId: session.userId, tenantId: session.tenantId, platform: session.identities.includes(Identity.PLATFORM_ADMIN) };
        if (!(await mayViewNoticeFile(tx, s, request.params.id))) return undefined;
        return (await tx.select().from(files).where(eq(files.id, request.params.id)))[0];
      });
      if (!file) throw new AppError(Codes.FILE_NOT_FOUND, {}, 404);
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(file.data, 'base64'));
    },
  );
}
