/**
 * Who may call the message calls (docs/messages.md "Access"): the application area's calls only for the
 * APPID application's administrators (and platform administrators); an ordinary user, an application
 * administrator of no / another application are refused (10009029001); B's administrator finds none of A's
 * templates, messages or deliveries ("not found"); "my message" answers only the caller's own messages, also
 * against another tenant's TENANTID header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagePaths } from '@mp/protocol';
import { emailTemplate, inApp, messagesWorld, until, type MessagesWorld } from './messages.fixtures.js';

let w: MessagesWorld;
let templateId: string;
let messageId: string;
let deliveryId: string;
beforeAll(async () => {
  w = await messagesWorld();
  templateId = (await w.a.post(MessagePaths.addmessagetemplate, emailTemplate(), inApp(w.appA.id))).body.data.row.id;
  messageId = (await w.a.post(MessagePaths.sendmessage, { channel: 'insite', subject: 'For ann', body: 'b', userIds: [w.people.ann] }, inApp(w.appA.id))).body
    .data.row.id;
  await until(async () => (await w.ann.post(MessagePaths.getmymessageunread, {})).body.data.count === 1);
  deliveryId = (await w.ann.post(MessagePaths.listmymessage, {})).body.data.rows[0].id;
}, 120_000);
afterAll(async () => {
  await w.close();
});

const APP_CALLS: [string, () => Record<string, unknown>][] = [
  [MessagePaths.listmessagetemplate, () => ({})],
  [MessagePaths.getmessagetemplate, () => ({ id: templateId })],
  [MessagePaths.addmessagetemplate, () => emailTemplate({ code: 'other' })],
  [MessagePaths.editmessagetemplate, () => ({ id: templateId, ...emailTemplate() })],
  [MessagePaths.statusmessagetemplate, () => ({ ids: [templateId], status: 0 })],
  [MessagePaths.deletemessagetemplate, () => ({ ids: [templateId] })],
  [MessagePaths.getmessagepreview, () => emailTemplate()],
  [MessagePaths.listmessage, () => ({})],
  [MessagePaths.getmessage, () => ({ id: messageId })],
  [MessagePaths.sendmessage, () => ({ channel: 'insite', subject: 's', body: 'b', userIds: [w.people.ann] })],
  [MessagePaths.statusmessage, () => ({ id: messageId, status: 'cancelled' })],
  [MessagePaths.listmessagedelivery, () => ({ messageId })],
  [MessagePaths.statusmessagedelivery, () => ({ messageId, status: 'pending' })],
  [MessagePaths.listmessagetarget, () => ({ kind: 'user' })],
];

describe('message calls: access', () => {
  it("refuses an ordinary user, an application administrator of no application and B's administrator for A", async () => {
    for (const [path, body] of APP_CALLS) {
      for (const [who, c] of [
        ['plain', w.plain],
        ['loner', w.loner],
        ['b', w.b],
        ['ann', w.ann],
      ] as const) {
        const r = await c.post(path, body(), inApp(w.appA.id));
        expect(r.body.scode, `${who} ${path}`).toBe('10009029001');
      }
    }
  });

  it("lets B's administrator find none of A's rows in B", async () => {
    const B = inApp(w.appB.id);
    expect((await w.b.post(MessagePaths.getmessagetemplate, { id: templateId }, B)).body.scode).toBe('messagetemplate.not_found');
    expect((await w.b.post(MessagePaths.editmessagetemplate, { id: templateId, ...emailTemplate() }, B)).body.scode).toBe('messagetemplate.not_found');
    expect((await w.b.post(MessagePaths.deletemessagetemplate, { ids: [templateId] }, B)).body.scode).toBe('messagetemplate.not_found');
    expect((await w.b.post(MessagePaths.sendmessage, { templateId, values: { orderNo: '1' }, userIds: [w.people.dan] }, B)).body.scode).toBe(
      'messagetemplate.not_found',
    );
    expect((await w.b.post(MessagePaths.getmessage, { id: messageId }, B)).body.scode).toBe('message.not_found');
    expect((await w.b.post(MessagePaths.listmessagedelivery, { messageId }, B)).body.scode).toBe('message.not_found');
    expect((await w.b.post(MessagePaths.statusmessagedelivery, { messageId, status: 'pending' }, B)).body.scode).toBe('message.not_found');
    expect((await w.b.post(MessagePaths.statusmessage, { id: messageId, status: 'cancelled' }, B)).body.scode).toBe('message.not_found');
    expect((await w.b.post(MessagePaths.listmessagetemplate, {}, B)).body.data.records).toBe(0);
    expect((await w.b.post(MessagePaths.listmessage, {}, B)).body.data.records).toBe(0);
    // A's users are not B's recipients
    expect((await w.b.post(MessagePaths.sendmessage, { channel: 'insite', subject: 's', body: 'b', userIds: [w.people.ann] }, B)).body.scode).toBe(
      'message.target_unknown',
    );
    // the platform administrator reaches A
    expect((await w.admin.post(MessagePaths.getmessage, { id: messageId }, inApp(w.appA.id))).body.result).toBe('1');
  });

  it('answers each user only their own messages, whatever the TENANTID header says', async () => {
    for (const c of [w.cat, w.dan, w.plain]) {
      expect((await c.post(MessagePaths.getmymessage, { id: deliveryId })).body.scode).toBe('message.not_found');
      expect((await c.post(MessagePaths.listmymessage, {})).body.data.rows.map((r: { id: string }) => r.id)).not.toContain(deliveryId);
      expect((await c.post(MessagePaths.statusmymessage, { ids: [deliveryId], status: 'read' })).body.data.count).toBe(0);
    }
    const tenant = w.cat.tenantId;
    w.cat.tenantId = w.tenants.acme;
    try {
      expect((await w.cat.post(MessagePaths.getmymessage, { id: deliveryId })).body.scode).toBe('message.not_found');
    } finally {
      w.cat.tenantId = tenant;
    }
    expect((await w.ann.post(MessagePaths.getmymessageunread, {})).body.data.count).toBe(1); // still unread
    const anon = await w.t.client();
    expect((await anon.post(MessagePaths.getmymessageunread, {})).body.result).not.toBe('1');
  });
});
