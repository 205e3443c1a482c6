/**
 * Opening a pending MFA sign-in (SPEC §7 `/auth/mfa/send/{type}/{username}`, `/auth/login/confirm`;
 * docs/codes.md "MFA"): called by auth/admission.ts `admitUser` when the login configuration's
 * `mfaEnabled` is on. Its own module so that admission depends on it and mfa.service.ts (which
 * confirms through `admitUser`) does not form a circle with admission.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MfaPendingRow } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { updateUserById, type UserRow } from '../users/users.repository.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { issueTicket } from './otc.engine.js';
import { OTC_TTL } from './otc.config.js';
import { maskAddress } from './otc.accounts.js';

/**
 * Opens a pending MFA sign-in for an account whose password was right (called by `admitUser` in `tx`):
 * records the agreement when given, clears failure counters, and answers the ticket and channels —
 * or undefined for an account with neither e-mail nor mobile (it signs in with the password alone).
 */
export async function startMfa(app: FastifyInstance, tx: Tx, request: FastifyRequest, user: UserRow, agree: boolean): Promise<MfaPendingRow | undefined> {
  const channels: MfaPendingRow['channels'] = [];
  if (user.email) channels.push({ type: 'email', masked: maskAddress('email', user.email) });
  if (user.mobile) channels.push({ type: 'mobile', masked: maskAddress('mobile', user.mobile) });
  if (!channels.length) {
    // Nothing to send a code to: the password alone admits (audited), so MFA can never lock out an administrator.
    await insertAuditEntry(tx, request, {
      tenantId: user.tenantId,
      action: 'signin.mfa_skipped',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      username: user.username,
    });
    return undefined;
  }
  await updateUserById(tx, user.id, {
    failedCount: 0,
    failedWindowStart: null,
    lockedUntil: null,
    ...(agree && !user.agreedAt ? { agreedAt: new Date() } : {}),
  });
  const ticket = await issueTicket(app, tx, user, OTC_TTL.mfaTicket);
  await insertAuditEntry(tx, request, {
    tenantId: user.tenantId,
    action: 'signin.mfa_pending',
    entity: 'user',
    entityId: user.id,
    userId: user.id,
    username: user.username,
  });
  return { mfaRequired: true, ticket, username: user.username, channels };
}
