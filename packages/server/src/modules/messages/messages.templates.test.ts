/**
 * Message templates (docs/messages.md "Templates"): add / edit / list / get / enable-disable / delete / preview
 * through the gateway on PGlite, the checks of placeholders and fields with their localised messages, a
 * template in use by a scheduled message, all-or-nothing batches and the audit entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MessagePaths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, messageTemplates } from '../../db/schema/index.js';
import { emailTemplate, inApp, messagesWorld, type MessagesWorld } from './messages.fixtures.js';

let w: MessagesWorld;
beforeAll(async () => {
  w = await messagesWorld();
}, 120_000);
afterAll(async () => {
  await w.close();
});

const A = () => inApp(w.appA.id);
const add = async (body: Record<string, unknown>) => (await w.a.post(MessagePaths.addmessagetemplate, body, A())).body;

describe('message templates', () => {
  it('adds, reads, lists with search / sort / paging, edits and audits', async () => {
    const r = await add(emailTemplate());
    expect(r.result).toBe('1');
    const row = r.data.row;
    expect(row).toMatchObject({ code: 'welcome', channel: 'email', status: 1, variables: [{ name: 'orderNo', sample: 'SO-1' }] });
    expect(row.contents.EN_US.subject).toBe('Welcome {{user.name}}');
    expect((await add({ code: 'sms_code', name: 'Code', channel: 'sms', contents: { ZH_CN: { body: '{{user.name}} 您好' } } })).result).toBe('1');
    expect(
      (await add({ code: 'notice_in', name: 'Inbox', channel: 'insite', contents: { JA_JP: { subject: 'お知らせ', body: '{{tenant.name}}' } } })).result,
    ).toBe('1');

    const got = await w.a.post(MessagePaths.getmessagetemplate, { id: row.id }, A());
    expect(got.body.data.row.id).toBe(row.id);
    const list = await w.a.post(MessagePaths.listmessagetemplate, { page: 1, pageSize: 2, sortField: 'code', sortOrder: 'ascend' }, A());
    expect(list.body.data.rows.map((x: { code: string }) => x.code)).toEqual(['notice_in', 'sms_code']);
    expect(list.body.data.records).toBe(3);
    const search = await w.a.post(MessagePaths.listmessagetemplate, { keyword: 'WELC', channel: 'email' }, A());
    expect(search.body.data.rows.map((x: { code: string }) => x.code)).toEqual(['welcome']);

    const edited = await w.a.post(MessagePaths.editmessagetemplate, { id: row.id, ...emailTemplate({ name: 'Welcome mail' }) }, A());
    expect(edited.body.data.row.name).toBe('Welcome mail');
    const audit = await inScope(w.t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'messagetemplate'), eq(auditLog.entityId, row.id))),
    );
    expect(audit.map((x) => x.action).sort()).toEqual(['messagetemplate.add', 'messagetemplate.edit']);
  });

  it('names unknown and malformed placeholders in the request language, and refuses bad fields', async () => {
    w.a.language = 'EN_US';
    try {
      const unknown = await add(emailTemplate({ code: 'bad1', contents: { EN_US: { subject: 'Hi {{user.nmae}}', body: '{{orderNo}} {{coupon}}' } } }));
      expect(unknown.scode).toBe('messagetemplate.placeholder_unknown');
      expect(unknown.msg).toBe('Unknown variables: {{user.nmae}}, {{coupon}}');
      const malformed = await add(emailTemplate({ code: 'bad2', contents: { EN_US: { subject: 'Hi', body: 'Dear {{user.name} and {{ 1x }}' } } }));
      expect(malformed.scode).toBe('messagetemplate.placeholder_malformed');
      expect(malformed.msg).toContain('{{ 1x }}');
      expect(malformed.msg).toContain('{{user.name}');
      expect((await add(emailTemplate({ code: 'bad3', contents: { EN_US: { subject: '', body: 'x' } } }))).msg).toBe('Please enter the subject in English');
      expect((await add(emailTemplate({ code: 'bad4', contents: {} }))).scode).toBe('messagetemplate.content_required');
      expect((await add(emailTemplate({ code: 'bad-5' }))).scode).toBe('messagetemplate.code_pattern');
      expect((await add(emailTemplate({ code: 'WELCOME' }))).scode).toBe('messagetemplate.code_in_use');
      expect((await add(emailTemplate({ code: 'bad6', variables: [{ name: 'user.name', sample: '' }] }))).scode).toBe('messagetemplate.variable_name');
      expect((await add(emailTemplate({ code: 'bad7', variables: [{ name: 'orderNo' }, { name: 'ORDERNO' }] }))).scode).toBe(
        'messagetemplate.variable_duplicate',
      );
      expect((await add(emailTemplate({ code: 'bad8', contents: { EN_US: { subject: 'x', body: '<script>alert(1)</script>{{orderNo}}' } } }))).scode).toMatch(
        /script_tag$/,
      ); // the gateway's input hygiene refuses it first
      expect((await add({ code: 'bad9', name: 'n', channel: 'sms', contents: { EN_US: { body: 'x'.repeat(501) } } })).msg).toBe(
        'The body in English cannot be longer than 500 characters',
      );
      const bad = await w.a.post(MessagePaths.addmessagetemplate, { ...emailTemplate(), channel: 'fax' }, A());
      expect(bad.status).toBe(400);
    } finally {
      w.a.language = 'ZH_CN';
    }
    const rows = await inScope(w.t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.select().from(messageTemplates).where(eq(messageTemplates.productId, w.appA.id)),
    );
    expect(rows.every((r) => !r.code.startsWith('bad'))).toBe(true);
  });

  it('previews with sample values, escaping values in e-mail HTML, in the chosen language', async () => {
    const p = await w.a.post(MessagePaths.getmessagepreview, { ...emailTemplate(), values: { orderNo: '<b>SO-9</b>' }, language: 'EN_US' }, A());
    expect(p.body.data.row).toEqual({
      language: 'EN_US',
      subject: 'Welcome appadmin_a',
      body: '<p>Dear appadmin_a, order &#60;b&#62;SO-9&#60;/b&#62; was created in CRM for MP3.0 Platform.</p>',
    });
    const sample = await w.a.post(MessagePaths.getmessagepreview, { ...emailTemplate(), language: 'JA_JP' }, A());
    expect(sample.body.data.row.language).toBe('ZH_CN'); // no Japanese text: the caller's language (ZH_CN)
    expect(sample.body.data.row.body).toContain('SO-1');
    const sms = await w.a.post(MessagePaths.getmessagepreview, { channel: 'sms', contents: { ZH_CN: { body: '{{user.name}} <b>' } }, variables: [] }, A());
    expect(sms.body.data.row).toMatchObject({ subject: '', body: 'appadmin_a <b>' });
    expect((await w.a.post(MessagePaths.getmessagepreview, { channel: 'sms', contents: { ZH_CN: { body: '{{nope}}' } } }, A())).body.scode).toBe(
      'messagetemplate.placeholder_unknown',
    );
  });

  it('enables / disables and deletes all or none; refuses a template of a scheduled message', async () => {
    const t1 = (await add(emailTemplate({ code: 'del1' }))).data.row.id;
    const t2 = (await add(emailTemplate({ code: 'del2' }))).data.row.id;
    const foreign = (await w.b.post(MessagePaths.addmessagetemplate, emailTemplate({ code: 'erp1' }), inApp(w.appB.id))).body.data.row.id;
    expect((await w.a.post(MessagePaths.statusmessagetemplate, { ids: [t1, foreign], status: 0 }, A())).body.scode).toBe('messagetemplate.not_found');
    expect((await w.a.post(MessagePaths.statusmessagetemplate, { ids: [t1], status: 0 }, A())).body.data.count).toBe(1);
    expect((await w.a.post(MessagePaths.getmessagetemplate, { id: t1 }, A())).body.data.row.status).toBe(0);
    expect((await w.a.post(MessagePaths.sendmessage, { templateId: t1, values: { orderNo: '1' }, userIds: [w.people.ann] }, A())).body.scode).toBe(
      'messagetemplate.disabled',
    );

    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await w.a.post(MessagePaths.sendmessage, { templateId: t2, values: { orderNo: '1' }, userIds: [w.people.ann], sendAt: at }, A())).body.result).toBe(
      '1',
    );
    const inUse = await w.a.post(MessagePaths.deletemessagetemplate, { ids: [t1, t2] }, A());
    expect(inUse.body.scode).toBe('messagetemplate.in_use');
    expect(inUse.body.msg).toContain('del2');
    expect((await w.a.post(MessagePaths.getmessagetemplate, { id: t1 }, A())).body.result).toBe('1'); // nothing deleted
    expect((await w.a.post(MessagePaths.deletemessagetemplate, { ids: [t1, foreign] }, A())).body.scode).toBe('messagetemplate.not_found');
    expect((await w.a.post(MessagePaths.deletemessagetemplate, { ids: [t1] }, A())).body.data.count).toBe(1);
    expect((await w.a.post(MessagePaths.getmessagetemplate, { id: t1 }, A())).body.scode).toBe('messagetemplate.not_found');
    expect((await w.b.post(MessagePaths.getmessagetemplate, { id: foreign }, inApp(w.appB.id))).body.result).toBe('1');
  });
});
