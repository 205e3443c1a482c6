/**
 * Sending messages (docs/messages.md "Messages", "Sending"): in-site to an organisation with its
 * sub-organisations and to an application role, e-mail through the local SMTP server (subject and substituted,
 * escaped body in the recipient's language), SMS through the development provider, a recipient without an
 * address, retry of failed deliveries, scheduled messages and their cancellation, the grid's counts, the
 * deliveries' grid, the audience checks, and "my message" with its unread count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MessagePaths, type MessageDeliveryRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { messages, users } from '../../db/schema/index.js';
import { onDevSms } from '../otc/sms/dev-provider.js';
import { emailTemplate, inApp, messagesWorld, until, type MessagesWorld } from './messages.fixtures.js';

let w: MessagesWorld;
beforeAll(async () => {
  w = await messagesWorld();
}, 120_000);
afterAll(async () => {
  await w.close();
});

const A = () => inApp(w.appA.id);
const send = async (body: Record<string, unknown>) => (await w.a.post(MessagePaths.sendmessage, body, A())).body;
const deliveries = async (messageId: string, extra: Record<string, unknown> = {}): Promise<MessageDeliveryRow[]> =>
  (await w.a.post(MessagePaths.listmessagedelivery, { messageId, pageSize: 50, ...extra }, A())).body.data.rows;
const settled = (messageId: string) =>
  until(async () => {
    const [m] = await inScope(w.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(messages).where(eq(messages.id, messageId)));
    if (m?.status !== 'sent') return false;
    const ds = await deliveries(messageId);
    return ds.every((d) => !['pending', 'sending'].includes(d.status));
  });

describe('sending messages', () => {
  it('sends in-site free text to an organisation with its sub-organisations, once per user, and the user reads it', async () => {
    const r = await send({
      channel: 'insite',
      subject: 'Hello {{user.name}}',
      body: 'Line <b>one</b>\n{{app.name}}',
      orgs: [{ id: 'ms-org-sales', sub: true }],
      userIds: [w.people.ann],
    });
    expect(r.result).toBe('1');
    const id = r.data.row.id;
    await settled(id);
    const ds = await deliveries(id);
    expect(ds.map((d) => d.username).sort()).toEqual(['ann', 'eve']);
    expect(ds.every((d) => d.status === 'sent' && d.channel === 'insite')).toBe(true);

    const unread = await w.ann.post(MessagePaths.getmymessageunread, {});
    expect(unread.body.data.count).toBe(1);
    const list = await w.ann.post(MessagePaths.listmymessage, { unread: true });
    expect(list.body.data.rows).toHaveLength(1);
    const mine = list.body.data.rows[0];
    expect(mine).toMatchObject({ subject: 'Hello Ann Example', body: 'Line <b>one</b>\nCRM', appName: 'CRM', read: false });
    const opened = await w.ann.post(MessagePaths.getmymessage, { id: mine.id });
    expect(opened.body.data.row.read).toBe(true);
    expect((await w.ann.post(MessagePaths.getmymessageunread, {})).body.data.count).toBe(0);
    expect((await deliveries(id, { status: 'read' })).map((d) => d.username)).toEqual(['ann']);
    // another user's message is not found, also for its own tenant's users
    expect((await w.cat.post(MessagePaths.getmymessage, { id: mine.id })).body.scode).toBe('message.not_found');
    const grid = await w.a.post(MessagePaths.listmessage, { keyword: 'Hello' }, A());
    expect(grid.body.data.rows[0]).toMatchObject({ id, status: 'sent', recipients: 2, counts: { sent: 1, read: 1, total: 2 } });
  });

  it("e-mails from a template in each recipient's language with escaped values; a recipient without an address fails; retry", async () => {
    const t = (await w.a.post(MessagePaths.addmessagetemplate, emailTemplate(), A())).body.data.row;
    const before = w.smtp.received.length;
    const r = await send({ templateId: t.id, values: { orderNo: '<SO-7>' }, roleIds: [w.roles.reps], userIds: [w.people.eve, w.people.cat] });
    expect(r.result).toBe('1');
    await settled(r.data.row.id);
    const ds = await deliveries(r.data.row.id);
    const by = Object.fromEntries(ds.map((d) => [d.username, d]));
    expect(by.ann).toMatchObject({ status: 'sent', address: 'ann@example.org', language: 'EN_US', attempts: 1 });
    expect(by.eve).toMatchObject({ status: 'sent', language: 'ZH_CN' });
    expect(by.cat).toMatchObject({ status: 'failed', reason: 'no_address', attempts: 0 });
    const annMail = await w.smtp.waitFor('ann@example.org', before);
    expect(annMail).toContain('Subject: Welcome Ann Example');
    expect(annMail).toContain('order &#60;SO-7&#62; was created in CRM for Tenant acme.');
    expect(annMail.toLowerCase()).toContain(`x-mp-delivery: ${by.ann!.id}`);
    const eveMail = await w.smtp.waitFor('eve@example.org', before);
    expect(eveMail).toContain('订单 &#60;SO-7&#62; 已在 CRM 创建');
    expect(w.smtp.received.length - before).toBe(2);

    // retry: only failed deliveries; cat still has no address
    expect((await w.a.post(MessagePaths.statusmessagedelivery, { messageId: r.data.row.id, ids: [by.ann!.id], status: 'pending' }, A())).body.scode).toBe(
      'message.not_failed',
    );
    await inScope(w.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set({ email: 'cat@example.org' }).where(eq(users.id, w.people.cat)));
    expect((await w.a.post(MessagePaths.statusmessagedelivery, { messageId: r.data.row.id, status: 'pending' }, A())).body.data.count).toBe(1);
    await settled(r.data.row.id);
    expect((await deliveries(r.data.row.id, { status: 'sent' })).map((d) => d.username).sort()).toEqual(['ann', 'cat', 'eve']);
    expect(await w.smtp.waitFor('cat@example.org', before)).toContain('Cat Example');
  });

  it('sends SMS through the provider; a provider refusal fails the delivery with its reason', async () => {
    const texts: string[] = [];
    const off = onDevSms((m) => {
      texts.push(`${m.mobile} ${m.text}`);
    });
    try {
      const r = await send({ channel: 'sms', body: '{{user.name}}: code {{app.name}}', userIds: [w.people.ann, w.people.eve] });
      await settled(r.data.row.id);
      expect(texts.sort()).toEqual(['13800000001 Ann Example: code CRM', '13800000002 Eve Example: code CRM']);
    } finally {
      off();
    }
    const boom = onDevSms(() => {
      throw new Error('gateway down');
    });
    try {
      const r = await send({ channel: 'sms', body: 'x', userIds: [w.people.ann] });
      await settled(r.data.row.id);
      expect((await deliveries(r.data.row.id))[0]).toMatchObject({ status: 'failed', reason: 'provider: gateway down', attempts: 1 });
    } finally {
      boom();
    }
  });

  it('schedules a message, sends it when due, and cancels only a scheduled one', async () => {
    const later = await send({
      channel: 'insite',
      subject: 'Later',
      body: 'b',
      userIds: [w.people.cat],
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(later.data.row.status).toBe('scheduled');
    const soon = await send({ channel: 'insite', subject: 'Soon', body: 'b', userIds: [w.people.cat], sendAt: new Date(Date.now() + 1_500).toISOString() });
    expect((await w.a.post(MessagePaths.statusmessage, { id: later.data.row.id, status: 'cancelled' }, A())).body.data.row.status).toBe('cancelled');
    expect((await w.a.post(MessagePaths.statusmessage, { id: later.data.row.id, status: 'cancelled' }, A())).body.scode).toBe('message.not_scheduled');
    await settled(soon.data.row.id);
    const mine = (await w.cat.post(MessagePaths.listmymessage, {})).body.data.rows.map((m: { subject: string }) => m.subject);
    expect(mine).toContain('Soon');
    expect(mine).not.toContain('Later');
    expect((await send({ channel: 'insite', subject: 's', body: 'b', userIds: [w.people.cat], sendAt: '2000-01-01T00:00:00Z' })).scode).toBe(
      'message.send_at_invalid',
    );
    expect((await send({ channel: 'insite', subject: 's', body: 'b', userIds: [w.people.cat], sendAt: 'soon' })).scode).toBe('message.send_at_invalid');
    const detail = await w.a.post(MessagePaths.getmessage, { id: later.data.row.id }, A());
    expect(detail.body.data.row.audience.users).toEqual([{ id: w.people.cat, name: 'Cat Example' }]);
  });

  it('refuses audiences outside the application and bad input, writing nothing', async () => {
    const count = async () => (await inScope(w.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(messages))).length;
    const n = await count();
    expect((await send({ channel: 'insite', subject: 's', body: 'b' })).scode).toBe('message.audience_required');
    for (const bad of [
      { userIds: [w.people.bob] },
      { userIds: [w.people.dan] },
      { orgs: [{ id: 'ms-org-other', sub: false }] },
      { roleIds: [w.roles.clerks] },
    ]) {
      const r = await send({
        channel: 'insite',
        subject: 's',
        body: 'b',
        userIds: [w.people.ann],
        ...bad,
        ...(bad.userIds ? { userIds: [w.people.ann, ...bad.userIds] } : {}),
      });
      expect(r.scode).toBe('message.target_unknown');
    }
    expect((await send({ body: 'b', userIds: [w.people.ann] })).scode).toBe('message.channel_required');
    expect((await send({ channel: 'email', subject: 's', body: '  ', userIds: [w.people.ann] })).scode).toBe('message.body_required');
    expect((await send({ channel: 'email', body: 'b', userIds: [w.people.ann] })).scode).toBe('messagetemplate.subject_required');
    const t = (await w.a.post(MessagePaths.addmessagetemplate, emailTemplate({ code: 'needs_value' }), A())).body.data.row;
    expect((await send({ templateId: t.id, userIds: [w.people.ann] })).scode).toBe('message.value_required');
    expect((await w.a.post(MessagePaths.sendmessage, { channel: 'insite', body: 'b', userIds: 'x' }, A())).status).toBe(400);
    expect(await count()).toBe(n);
  });

  it('lists recipient choices of the application only', async () => {
    const names = async (kind: string, keyword?: string) =>
      (await w.a.post(MessagePaths.listmessagetarget, { kind, keyword }, A())).body.data.rows.map((r: { name: string }) => r.name);
    expect(await names('user')).toEqual(expect.arrayContaining(['Ann Example', 'Eve Example', 'Cat Example']));
    expect(await names('user')).not.toContain('Bob Example');
    expect(await names('user')).not.toContain('Dan Example');
    expect(await names('org')).not.toContain('Ledger');
    expect(await names('org', 'eas')).toEqual(['East']);
    expect(await names('role')).toEqual(['Reps']);
  });

  it("marks all of the caller's messages read", async () => {
    await send({ channel: 'insite', subject: 'One', body: 'b', userIds: [w.people.eve] });
    const r = await send({ channel: 'insite', subject: 'Two', body: 'b', userIds: [w.people.eve] });
    await settled(r.data.row.id);
    const eve = await w.t.client();
    await eve.signIn('eve', 'Passw0rd!x');
    expect((await eve.post(MessagePaths.getmymessageunread, {})).body.data.count).toBeGreaterThanOrEqual(2);
    expect((await eve.post(MessagePaths.statusmymessage, { status: 'read' })).body.data.count).toBeGreaterThanOrEqual(2);
    expect((await eve.post(MessagePaths.getmymessageunread, {})).body.data.count).toBe(0);
  });
});
