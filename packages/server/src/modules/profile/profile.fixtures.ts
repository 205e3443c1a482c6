/**
 * Fixtures of the profile tests: users in two tenants signed in through the real sign-in, and a second
 * live session of a user (another device: a session row as sign-in writes it, its token usable).
 */
import type { FastifyInstance } from 'fastify';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { insertSession } from '../session/session.repository.js';
import { newToken, sessionIdOf, tokenMd5 } from '../session/tokens.js';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import { onDevSms } from '../otc/sms/dev-provider.js';
import { configureMail, startLocalSmtp } from '../otc/otc.testing.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

export const PASSWORD = 'Passw0rd!x';
let n = 0;

/** A new user of `tenantId` with identity 1 (enterprise user), an e-mail and a mobile, signed in on a new client. */
export async function signedInUser(t: Awaited<ReturnType<typeof testApp>>, tenantId = 'sys') {
  n += 1;
  const username = `pf${n}_${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username}@example.org`;
  const mobile = `139${String(Date.now() % 1e4).padStart(4, '0')}${String(n).padStart(4, '0')}`;
  const id = await createUserRow(t.app, { tenantId, username, password: PASSWORD, email, mobile, identities: [1] });
  const c = await t.client();
  c.language = 'EN_US';
  await c.signIn(username, PASSWORD);
  return { id, username, email, mobile, c };
}

/** Opens another live session of `user` (as another device would); answers its id and token. */
export async function otherDevice(app: FastifyInstance, user: { id: string; username: string }, tenantId = 'sys', ip = '10.9.8.7') {
  const token = newToken();
  const id = sessionIdOf(token);
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    insertSession(tx, {
      id,
      tokenMd5: tokenMd5(token),
      userId: user.id,
      tenantId,
      username: user.username,
      identities: [1],
      expiresAt: new Date(Date.now() + 3_600_000),
      ip,
      userAgent: 'OtherDevice/1.0',
    }),
  );
  return { id, token };
}

/** A client using `token` of `userId` (a session made by `otherDevice`). */
export async function clientWithToken(t: Awaited<ReturnType<typeof testApp>>, userId: string, token: string): Promise<GatewayClient> {
  const c = await t.client();
  c.token = token;
  c.userId = userId;
  return c;
}

/** A test app whose platform mail goes to a local SMTP server, with the development SMS provider's messages collected. */
export async function appWithMail() {
  const [t, smtp] = await Promise.all([testApp(), startLocalSmtp()]);
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtp.port);
  const sms: { mobile: string; code: string; text: string }[] = [];
  onDevSms((m) => sms.push(m));
  return {
    t,
    smtp,
    sms,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
