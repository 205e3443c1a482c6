/**
 * WeChat QR sign-in routes (issue 18; docs/wechat-signin.md; paths in @mp/protocol `WechatPaths`):
 * `GET options` (public) the enabled configurations; `POST qr` (signed, no session) a ticket and the
 * authorize URL; `GET callback?code&state` (public: WeChat redirects the phone's browser here) answers
 * a small HTML page; `POST poll` and `POST bind` (signed) answer `{ row: WechatPollRow }`.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, WechatBindBody, WechatCallbackQuery, WechatCodes, WechatPaths, WechatPollBody, WechatQrBody } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { acceptScan, bindAndSignIn, createQr, listWechatOptions, pollTicket } from './wechat.service.js';
import { phoneLocale, scanPage } from './wechat-page.js';

const tags = ['auth'];
const signed = { access: 'signed' } as const;

export default async function wechatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(WechatPaths.options, { config: { access: 'public' }, schema: { tags } }, async () => ok({ rows: await listWechatOptions(app) }));

  r.post(WechatPaths.qr, { config: signed, schema: { tags, body: WechatQrBody } }, async (request) =>
    ok({ row: await createQr(app, request, request.body.configId) }),
  );

  r.get(WechatPaths.callback, { config: { access: 'public' }, schema: { tags, querystring: WechatCallbackQuery } }, async (request, reply) => {
    const locale = phoneLocale(request.headers['accept-language']);
    let status = 200;
    let key: string = WechatCodes.PAGE_DONE;
    let params: Record<string, unknown> = {};
    try {
      await acceptScan(app, request.query.state, request.query.code);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      status = 400;
      key = e.code;
      params = e.params;
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(scanPage(locale, key, params));
  });

  r.post(WechatPaths.poll, { config: signed, schema: { tags, body: WechatPollBody } }, async (request) =>
    ok({ row: await pollTicket(app, request, request.body.ticket, request.body.agree) }),
  );

  r.post(WechatPaths.bind, { config: signed, schema: { tags, body: WechatBindBody } }, async (request) =>
    ok({ row: await bindAndSignIn(app, request, request.body) }),
  );
}
