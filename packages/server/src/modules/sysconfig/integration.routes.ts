/**
 * Integration configuration lists (SPEC §7 `query{ldap,mail,sms,wx}configlist` with a query string,
 * `save{ldap,mail,sms,wx}configlist` with the complete list as body) and their live checks
 * (`sendtestmail`, `testldapconnection`). Platform administrators only. Answers never carry a secret.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ConfigListQuery,
  IntegrationKind,
  LdapConfigSaveBody,
  MailConfigSaveBody,
  ok,
  Paths,
  SendTestMailBody,
  SmsConfigSaveBody,
  SYSCONFIG_RULES,
  TestLdapBody,
  UserType,
  WxConfigSaveBody,
  type IntegrationKindValue,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { listConfigPage, loadConfigWithSecret, saveConfigList } from './integration.service.js';
import type { AnyConfigItem } from './integration.fields.js';
import { sendTestMail, testLdapConnection } from './connection-tests.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['sysconfig'];

const LISTS: { kind: IntegrationKindValue; query: string }[] = [
  { kind: IntegrationKind.LDAP, query: Paths.queryldapconfiglist },
  { kind: IntegrationKind.MAIL, query: Paths.querymailconfiglist },
  { kind: IntegrationKind.SMS, query: Paths.querysmsconfiglist },
  { kind: IntegrationKind.WX, query: Paths.querywxconfiglist },
];

export default async function integrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);

  /** Replaces the whole list of `kind` with `items` (the route's validated body), then drops the settings cache. */
  const saveList = async (request: FastifyRequest, kind: IntegrationKindValue, items: AnyConfigItem[]) => {
    const key = await app.settings.secretKey();
    try {
      return ok({ rows: await tx((t) => saveConfigList(t, request, key, kind, items)) });
    } finally {
      app.settings.invalidate();
    }
  };

  for (const l of LISTS) {
    r.get(l.query, { config: { access }, schema: { tags, querystring: ConfigListQuery } }, async (request) =>
      ok(await tx((t) => listConfigPage(t, l.kind, request.query))),
    );
  }
  r.post(Paths.saveldapconfiglist, { config: { access }, schema: { tags, body: LdapConfigSaveBody } }, (request) =>
    saveList(request, IntegrationKind.LDAP, request.body),
  );
  r.post(Paths.savemailconfiglist, { config: { access }, schema: { tags, body: MailConfigSaveBody } }, (request) =>
    saveList(request, IntegrationKind.MAIL, request.body),
  );
  r.post(Paths.savesmsconfiglist, { config: { access }, schema: { tags, body: SmsConfigSaveBody } }, (request) =>
    saveList(request, IntegrationKind.SMS, request.body),
  );
  r.post(Paths.savewxconfiglist, { config: { access }, schema: { tags, body: WxConfigSaveBody } }, (request) =>
    saveList(request, IntegrationKind.WX, request.body),
  );

  r.post(Paths.sendtestmail, { config: { access }, schema: { tags, body: SendTestMailBody } }, async (request) => {
    const b = request.body;
    const to = checkText('recipient', b.to, { required: true, max: SYSCONFIG_RULES.email.max, pattern: SYSCONFIG_RULES.email.pattern });
    const key = await app.settings.secretKey();
    const { row, secret } = await tx((t) => loadConfigWithSecret(t, key, IntegrationKind.MAIL, b.id));
    const sent = await sendTestMail(row, secret, to, request.locale, request.auth?.username ?? '');
    await tx((t) =>
      insertAuditEntry(t, request, {
        tenantId: 'sys',
        action: 'sysconfig.mail.test',
        entity: 'mail-config',
        entityId: row.id,
        after: { to, messageId: sent.messageId },
      }),
    );
    return ok({ row: sent });
  });

  r.post(Paths.testldapconnection, { config: { access }, schema: { tags, body: TestLdapBody } }, async (request) => {
    const key = await app.settings.secretKey();
    const { row, secret } = await tx((t) => loadConfigWithSecret(t, key, IntegrationKind.LDAP, request.body.id));
    return ok({ row: await testLdapConnection(row, secret) });
  });
}
