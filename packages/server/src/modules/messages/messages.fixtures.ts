/**
 * Test fixtures of messages (tests only): the client-access world (apps crm (A, admin `a`) and erp (B, admin
 * `b`), platform `admin`, `loner`, `plain`) with a local SMTP server as the platform mail server, plus:
 * - acme uses crm with root organisation Sales (sub-organisation East): ann (Sales, e-mail, mobile, EN_US),
 *   eve (East, e-mail) are crm's users, bob (Works) is not;
 * - beta uses crm with no root organisation: cat (no e-mail, no mobile) is crm's user;
 * - other uses erp only: dan is erp's user, not crm's;
 * - crm's application role `reps` with ann; erp's role `clerks` with dan.
 * Signed-in clients for ann, cat and dan read their own messages.
 */
import { eq } from 'drizzle-orm';
import { appRoles, appRoleUsers, appRootOrgs, organisations, userLanguages, users } from '../../db/schema/index.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { authoriseProduct } from '../apptenants/apptenants.fixtures.js';
import { clientsWorld, inApp, USER_PASSWORD } from '../clients/clients.fixtures.js';
import { configureMail, startLocalSmtp } from '../otc/otc.testing.js';

export { inApp };
export type MessagesWorld = Awaited<ReturnType<typeof messagesWorld>>;

/** Builds the world (see the file's comment); `close` stops the app and the SMTP server. */
export async function messagesWorld() {
  const w = await clientsWorld();
  const app = w.t.app;
  const smtp = await startLocalSmtp();
  await configureMail(w.admin, smtp.port);
  const tenants = { acme: '', beta: '', other: '' };
  for (const [code, productId] of [
    ['acme', w.appA.id],
    ['beta', w.appA.id],
    ['other', w.appB.id],
  ] as const) {
    tenants[code] = await createTenantRow(app, code);
    await authoriseProduct(app, tenants[code], productId);
  }
  const { acme, other } = tenants;
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(organisations).values([
      { id: 'ms-org-sales', tenantId: acme, code: 'sales', name: 'Sales' },
      { id: 'ms-org-works', tenantId: acme, code: 'works', name: 'Works' },
      { id: 'ms-org-other', tenantId: other, code: 'ledger', name: 'Ledger' },
    ]);
    await tx.insert(organisations).values({ id: 'ms-org-east', tenantId: acme, parentId: 'ms-org-sales', code: 'east', name: 'East' });
    await tx.insert(appRootOrgs).values({ productId: w.appA.id, tenantId: acme, orgId: 'ms-org-sales' });
  });
  const user = async (tenantId: string, username: string, o: { orgId?: string; email?: string; mobile?: string } = {}) => {
    const id = await createUserRow(app, { tenantId, username, password: USER_PASSWORD, email: o.email, mobile: o.mobile });
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .update(users)
        .set({ orgId: o.orgId ?? null, employeeName: `${username[0]!.toUpperCase()}${username.slice(1)} Example` })
        .where(eq(users.id, id)),
    );
    return id;
  };
  const people = {
    ann: await user(acme, 'ann', { orgId: 'ms-org-sales', email: 'ann@example.org', mobile: '13800000001' }),
    eve: await user(acme, 'eve', { orgId: 'ms-org-east', email: 'eve@example.org', mobile: '13800000002' }),
    bob: await user(acme, 'bob', { orgId: 'ms-org-works', email: 'bob@example.org' }),
    cat: await user(tenants.beta, 'cat'),
    dan: await user(other, 'dan', { orgId: 'ms-org-other', email: 'dan@example.org' }),
  };
  const roles = { reps: 'ms-role-reps', clerks: 'ms-role-clerks' };
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(appRoles).values([
      { id: roles.reps, productId: w.appA.id, code: 'reps', name: 'Reps' },
      { id: roles.clerks, productId: w.appB.id, code: 'clerks', name: 'Clerks' },
    ]);
    await tx.insert(appRoleUsers).values([
      { roleId: roles.reps, productId: w.appA.id, tenantId: acme, userId: people.ann },
      { roleId: roles.clerks, productId: w.appB.id, tenantId: other, userId: people.dan },
    ]);
    await tx.insert(userLanguages).values({ userId: people.ann, tenantId: acme, language: 'EN_US' });
  });
  const signedIn = async (username: string, tenantId: string): Promise<GatewayClient> => {
    const c = await w.t.client();
    await c.signIn(username, USER_PASSWORD);
    c.tenantId = tenantId;
    return c;
  };
  const ann = await signedIn('ann', acme);
  ann.language = 'EN_US'; // her inbox calls keep recording English as her language
  return {
    ...w,
    smtp,
    tenants,
    people,
    roles,
    ann,
    cat: await signedIn('cat', tenants.beta),
    dan: await signedIn('dan', other),
    close: async () => {
      await w.t.close();
      await smtp.close();
    },
  };
}

/** A valid e-mail template body. */
export const emailTemplate = (patch: Record<string, unknown> = {}) => ({
  code: 'welcome',
  name: 'Welcome',
  channel: 'email',
  contents: {
    ZH_CN: { subject: '欢迎 {{user.name}}', body: '<p>{{user.name}}，订单 {{orderNo}} 已在 {{app.name}} 创建。</p>' },
    EN_US: { subject: 'Welcome {{user.name}}', body: '<p>Dear {{user.name}}, order {{orderNo}} was created in {{app.name}} for {{tenant.name}}.</p>' },
  },
  variables: [{ name: 'orderNo', sample: 'SO-1' }],
  ...patch,
});

/** Waits until `check` answers true (polling every 25 ms, up to `ms`). */
export async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
