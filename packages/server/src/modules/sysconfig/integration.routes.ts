/**
 * Integration configuration lists (SPEC §7 `query{ldap,mail,sms,wx}configlist` with a query string,
 * `save{ldap,mail,sms,wx}configlist` with the complete list as body) and their live checks
 * (`sendtestmail`, `testldapconnection`). Platform administrators only. Answers never carry a secret.
 */
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import {
  ConfigListQuery, IntegrationKind, LdapConfigSaveBody, MailConfigSaveBody, ok, Paths, SendTestMailBody, SmsConfigSaveBody,
  SYSCONFIG_RULES, TestLdapBody, UserType, WxConfigSaveBody, type IntegrationKindValue,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { listConfigPage, loadConfigWithSecret, saveConfigList } from './integration.service.js';
import type { AnyConfigItem } from './integration.fields.js';
import { sendTestMail, testLdapConnection } from './connection-tests.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['sysconfig'];

const LISTS: { kind: IntegrationKindValue; query: string; save: string; body: TSchema }[] = [
  { kind: IntegrationKind.LDAP, query: Paths.queryldapconfiglist, save: Paths.saveldapconfiglist, body: LdapConfigSaveBody },
  { kind: IntegrationKind.MAIL, query: Paths.querymailconfiglist, save: Paths.savemailconfiglist, body: MailConfigSaveBody },
  { kind: IntegrationKind.SMS, query: Paths.querysmsconfiglist, save: Paths.savesmsconfiglist, body: SmsConfigSaveBody },
  { kind: IntegrationKind.WX, query: Paths.querywxconfiglist, save: Paths.savewxconfiglist, body: WxConfigSaveBody },
];

export default async function integrationRoutes(app: FastifyInstance) {
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);

  for (const l of LISTS) {
    app.get(l.query, { config: { access }, schema: { tags, querystring: ConfigListQuery } }, async (request) =>
      ok(await tx((t) => listConfigPage(t, l.kind, request.query as ConfigListQuery))));

    app.post(l.save, { config: { access }, schema: { tags, body: l.body } }, async (request) => {
      const key = await app.settings.secretKey();
      try {
        return ok({ rows: await tx((t) => saveConfigList(t, request, key, l.kind, request.body as AnyConfigItem[])) });
      } finally {
        app.settings.invalidate();
      }
    });
  }

  app.post(Paths.sendtestmail, { config: { access }, schema: { tags, body: SendTestMailBody } }, async (request) => {
    const b = request.body as SendTestMailBody;
    const to = checkText('recipient', b.to, { required: true, max: SYSCONFIG_RULES.email.max, pattern: SYSCONFIG_RULES.email.pattern });
    const key = await app.settings.secretKey();
    const { row, secret } = await tx((t) => loadConfigWithSecret(t, key, IntegrationKind.MAIL, b.id));
    const sent = await sendTestMail(row, secret, to, request.locale, request.auth?.username ?? '');
    await tx((t) => insertAuditEntry(t, request, { tenantId: 'sys', action: 'sysconfig.mail.test', entity: 'mail-config', entityId: row.id, after: { to, messageId: sent.messageId } }));
    return ok({ row: sent });
  });

  app.post(Paths.testldapconnection, { config: { access }, schema: { tags, body: TestLdapBody } }, async (request) => {
    const key = await app.settings.secretKey();
    const { row, secret } = await tx((t) => loadConfigWithSecret(t, key, IntegrationKind.LDAP, (request.body as TestLdapBody).id));
    return ok({ row: await testLdapConnection(row, secret) });
  });
}
