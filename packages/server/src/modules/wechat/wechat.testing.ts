/**
 * Fixtures of the WeChat sign-in tests: an app whose WeChat base URLs point at the loopback double,
 * a platform administrator client to save WeChat configurations, and the steps of a scan.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Paths, WechatPaths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { userAccounts } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { startWechatDouble, type WechatDouble } from '../../testing/wechat-double.js';

export type WechatHarness = Awaited<ReturnType<typeof startWechatHarness>>;

/** The app, the double and an administrator; `configure` saves the WeChat list (type 2 enabled by default). */
export async function startWechatHarness() {
  const double: WechatDouble = await startWechatDouble();
  const t = await testApp({ wechat: { apiBase: double.base, workApiBase: double.base, openBase: double.base, timeoutMs: 2000 } });
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  admin.language = 'EN_US';
  const configure = async (items: Record<string, unknown>[] = [{ name: 'Official', type: 2, appId: 'wxappid01', status: 1 }]) => {
    const r = await admin.post(
      Paths.savewxconfiglist,
      items.map((i) => ({ secret: double.secret, ...i })),
    );
    if (r.body.result !== '1') throw new Error(`save wx: ${r.body.msg}`);
    return r.body.data.rows as { id: string; type: number }[];
  };
  /** A new unsigned-in client (the login page) in English, optionally under a TENANTID. */
  const page = async (tenantId = 'sys'): Promise<GatewayClient> => {
    const c = await t.client();
    c.language = 'EN_US';
    c.tenantId = tenantId;
    return c;
  };
  /** Asks for a QR ticket; answers the row. */
  const qr = async (c: GatewayClient, configId?: string) => {
    const r = await c.post(WechatPaths.qr, configId ? { configId } : {});
    if (r.body.result !== '1') throw new Error(`qr: ${r.body.scode} ${r.body.msg}`);
    return r.body.data.row as { ticket: string; url: string; expiresAt: string; expiresIn: number };
  };
  /** The phone: WeChat redirects to the callback with a code for `id`; answers the page. */
  const scan = async (url: string, id: string) => {
    const back = new URL(double.scanUrl(url, id));
    const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    return { status: res.statusCode, html: res.body, type: String(res.headers['content-type']) };
  };
  const poll = (c: GatewayClient, ticket: string, agree?: boolean) => c.post(WechatPaths.poll, { ticket, ...(agree ? { agree } : {}) });
  const bind = (c: GatewayClient, ticket: string, username: string, password: string) =>
    c.post(WechatPaths.bind, { ticket, username, password: c.encrypt(password), agree: true });
  /** Binds WeChat identity `account` (type `wxType`) to `userId` of `tenantId` directly. */
  const bindRow = (tenantId: string, userId: string | null, account: string, wxType = 2, status = 1) =>
    inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.insert(userAccounts).values({ id: randomUUID(), tenantId, accountType: wxType, account, userId, boundAt: userId ? new Date() : null, status }),
    );
  const resetLimits = () => inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
  const close = async () => {
    await t.close();
    await double.close();
  };
  return { t, double, admin, configure, page, qr, scan, poll, bind, bindRow, resetLimits, close };
}
