import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { OtcCodes, ProfileCodes, ProfilePaths, UserCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, oneTimeCodes, users } from '../../db/schema/index.js';
import { createTenantRow, type testApp } from '../../testing/test-app.js';
import { codeIn, type LocalSmtp } from '../otc/otc.testing.js';
import { appWithMail, signedInUser } from './profile.fixtures.js';

let t: Awaited<ReturnType<typeof testApp>>;
let smtp: LocalSmtp;
let acme: string;
let sms: { mobile: string; code: string; text: string }[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, smtp, sms, close } = await appWithMail());
  acme = await createTenantRow(t.app, `ct${Date.now() % 100000}`);
});
afterAll(() => close());
beforeEach(async () => {
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
});

const userRow = (id: string) => inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => (await tx.select().from(users).where(eq(users.id, id)))[0]!);
let seq = 0;
const freshEmail = () => `new${++seq}_${Date.now() % 100000}@example.org`;

async function mailCodeTo(c: Awaited<ReturnType<typeof signedInUser>>['c'], address: string): Promise<string> {
  const before = smtp.received.length;
  const r = await c.post(ProfilePaths.sendcontactcode, { type: 'email', address });
  expect(r.body).toMatchObject({ result: '1' });
  return codeIn(await smtp.waitFor(address, before));
}

describe('changing my e-mail and mobile with a code sent to the new address', () => {
  it('mails a code to the NEW address; confirming makes it the account e-mail (audited, the code single-use)', async () => {
    const a = await signedInUser(t);
    const address = freshEmail();
    const code = await mailCodeTo(a.c, address);
    const r = await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code });
    expect(r.body.data.row).toMatchObject({ userId: a.id, email: address });
    expect((await userRow(a.id)).email).toBe(address);
    const audit = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, a.id), eq(auditLog.action, 'profile.contact'))),
    );
    expect(audit[0]).toMatchObject({ before: { email: a.email }, after: { email: address } });
    // reused
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code })).body.scode).toBe(OtcCodes.CODE_INVALID);
  });

  it('sends an SMS code for a new mobile (11 digits) and refuses malformed addresses with the field named', async () => {
    const a = await signedInUser(t);
    const mobile = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
    const before = sms.length;
    expect((await a.c.post(ProfilePaths.sendcontactcode, { type: 'mobile', address: mobile })).body.result).toBe('1');
    const got = sms.slice(before).find((m) => m.mobile === mobile)!;
    expect(got.code).toMatch(/^\d{6}$/);
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'mobile', address: mobile, code: got.code })).body.data.row.mobile).toBe(mobile);
    const bad = await a.c.post(ProfilePaths.sendcontactcode, { type: 'mobile', address: '1380000' });
    expect(bad.body.scode).toBe(UserCodes.MOBILE_PATTERN);
    expect((await a.c.post(ProfilePaths.sendcontactcode, { type: 'email', address: 'not-an-email' })).body.scode).toBe(UserCodes.EMAIL_PATTERN);
    expect((await a.c.post(ProfilePaths.sendcontactcode, { type: 'email', address: a.email.toUpperCase() })).body.scode).toBe(ProfileCodes.SAME_ADDRESS);
  });

  it('refuses an address another account holds, in any tenant, before sending and when confirming (no partial write)', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t, acme);
    const sent = smtp.received.length;
    const r = await a.c.post(ProfilePaths.sendcontactcode, { type: 'email', address: b.email });
    expect(r.body.scode).toBe(UserCodes.EMAIL_IN_USE);
    expect(smtp.received.length).toBe(sent);
    expect((await a.c.post(ProfilePaths.sendcontactcode, { type: 'mobile', address: b.mobile })).body.scode).toBe(UserCodes.MOBILE_IN_USE);
    // taken between send and confirm: the confirm refuses, the code is not used up, nothing changes
    const address = freshEmail();
    const code = await mailCodeTo(a.c, address);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ email: address }).where(eq(users.id, b.id)));
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code })).body.scode).toBe(UserCodes.EMAIL_IN_USE);
    expect((await userRow(a.id)).email).toBe(a.email);
    const live = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.subject, `${a.id}:${address}`)),
    );
    expect(live[0]!.usedAt).toBeNull();
  });

  it("wrong, expired, another user's and another address's codes change nothing; the fifth miss kills the code", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const address = freshEmail();
    const code = await mailCodeTo(a.c, address);
    const wrong = code === '000000' ? '111111' : '000000';
    // b cannot use a's code, for the same address
    expect((await b.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code })).body.scode).toBe(OtcCodes.CODE_INVALID);
    // a's code proves that address only
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address: freshEmail(), code })).body.scode).toBe(OtcCodes.CODE_INVALID);
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code: '' })).body.scode).toBe(OtcCodes.CODE_EMPTY);
    for (let i = 0; i < 4; i++)
      expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code: wrong })).body.scode).toBe(OtcCodes.CODE_INVALID);
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code: wrong })).body.scode).toBe(OtcCodes.CODE_TOO_MANY_TRIES);
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address, code })).body.scode).toBe(OtcCodes.CODE_INVALID);
    expect((await userRow(a.id)).email).toBe(a.email);
    // expired
    const address2 = freshEmail();
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
    const code2 = await mailCodeTo(a.c, address2);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .update(oneTimeCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeCodes.subject, `${a.id}:${address2}`)),
    );
    expect((await a.c.post(ProfilePaths.confirmcontact, { type: 'email', address: address2, code: code2 })).body.scode).toBe(OtcCodes.CODE_INVALID);
    expect((await userRow(a.id)).email).toBe(a.email);
  });

  it('limits sends to one a minute per address (429 with the seconds)', async () => {
    const a = await signedInUser(t);
    const address = freshEmail();
    await mailCodeTo(a.c, address);
    const again = await a.c.post(ProfilePaths.sendcontactcode, { type: 'email', address });
    expect(again.status).toBe(429);
  });
});
