/**
 * A test app (test-app.ts) whose mail goes to a local SMTP server (modules/otc/otc.testing.ts), with the
 * platform administrator signed in: the start of every test of codes, MFA and password recovery.
 */
import type { ServerConfig } from '../config.js';
import { configureMail, startLocalSmtp, type LocalSmtp } from '../modules/otc/otc.testing.js';
import type { GatewayClient } from './gateway-client.js';
import { ADMIN_PASSWORD, testApp } from './test-app.js';

/** The app, its SMTP server and the signed-in platform administrator; `close` stops both. */
export async function testAppWithMail(
  overrides: Partial<ServerConfig> = {},
): Promise<Awaited<ReturnType<typeof testApp>> & { smtp: LocalSmtp; admin: GatewayClient }> {
  const t = await testApp(overrides);
  const smtp = await startLocalSmtp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtp.port);
  return {
    ...t,
    smtp,
    admin,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
