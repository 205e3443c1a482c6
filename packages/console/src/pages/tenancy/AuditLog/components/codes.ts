/**
 * The action and entity codes the audit log records (server `insertAuditEntry` callers) and their readable
 * names from the `auditlog` texts: `user.add` → `auditlog:action.user_add`; a code without a name is shown
 * as it is (issue 5 "Audit log"; docs/auditlog.md).
 */
import type { TFunction } from 'i18next';

/** Actions offered by the action filter (those of a tenant's writes and sign-ins). */
export const ACTION_CODES = [
  'signin',
  'signin.failed',
  'signin.locked',
  'signout',
  'session.end',
  'sso.signin',
  'sso.refused',
  'otc.send',
  'password.modify',
  'password.reset',
  'user.add',
  'user.edit',
  'user.delete',
  'user.enable',
  'user.disable',
  'user.lock',
  'user.unlock',
  'user.password.reset',
  'user.import.add',
  'user.import.edit',
  'role.add',
  'role.edit',
  'role.delete',
  'role.member.add',
  'role.member.delete',
  'role.grant.menu',
  'role.grant.orgtype',
  'role.grant.org',
  'station.add',
  'station.edit',
  'station.delete',
  'station.status',
  'station.member.add',
  'station.member.delete',
  'role.grant.api',
  'organisation.add',
  'organisation.edit',
  'organisation.delete',
  'organisation.move',
  'organisation.status',
  'organisation.detach',
  'organisation.import',
  'orgmember.add',
  'orgmember.delete',
  'orgmapping.add',
  'orgmapping.edit',
  'orgmapping.delete',
  'usermapping.add',
  'usermapping.edit',
  'usermapping.delete',
  'account.add',
  'account.edit',
  'account.delete',
  'account.bind',
  'account.unbind',
  'wechat.bind',
  'apptenant.edit',
  'apptenant.status',
  'tenantsettings.save',
  'tenant.admins.save',
  'tenant.products.save',
  'sysconfig.orgcategory.add',
  'sysconfig.orgcategory.edit',
  'sysconfig.orgcategory.delete',
] as const;

/** Entities offered by the entity filter. */
export const ENTITY_CODES = [
  'user',
  'session',
  'role',
  'station',
  'organisation',
  'orgmapping',
  'usermapping',
  'account',
  'apptenant',
  'tenant',
  'tenant-settings',
  'org-category',
] as const;

/** The i18n key of a code: dots, dashes and colons become underscores. */
export function codeKey(code: string): string {
  return code.replace(/[.\-:]/g, '_');
}

/** Readable name of an action or entity code, else the code itself. */
export function codeName(t: TFunction, kind: 'action' | 'entity', code: string): string {
  return t(`auditlog:${kind}.${codeKey(code)}`, { defaultValue: code });
}
