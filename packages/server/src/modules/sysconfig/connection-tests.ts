/**
 * The configuration screen's live checks (issue 3 "send test mail", "test connection";
 * docs/sysconfig.md): a real SMTP delivery with nodemailer, and an LDAP connect + bind + base-DN read
 * with ldapts. Failures become localised AppErrors that say what went wrong (refused, timed out,
 * wrong credentials) with the library's reason as detail.
 */
import nodemailer from 'nodemailer';
import { Client, InvalidCredentialsError } from 'ldapts';
import { SysconfigCodes } from '@mp/protocol';
import { translate, type Locale } from '@mp/i18n';
import { AppError } from '../../lib/errors.js';
import type { ConfigRow } from './integration.service.js';

/** Network errors that mean "could not reach the server". */
const UNREACHABLE = ['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EAI_AGAIN', 'ESOCKET', 'ECONNECTION'];

/** A short reason for a failure: the error code when there is one, then its message. */
function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string; response?: string };
  const text = (e.response || e.message || String(err)).replace(/\s+/g, ' ').trim().slice(0, 300);
  return e.code && !text.includes(e.code) ? `${e.code}: ${text}` : text;
}

/** A mail to send: addressee, subject, plain text and optional HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. the message module's delivery id). */
  headers?: Record<string, string>;
}

/**
 * Sends `message` over SMTP with a saved mail configuration (`row` + its decrypted `password`; see
 * `loadFirstEnabledConfig(tx, key, 'mail')` for the platform's mail configuration). Resolves with the
 * SMTP message id; raises `sysconfig.mail_send_failed` with the reason.
 */
export async function sendMailWith(row: ConfigRow, password: string, message: MailMessage): Promise<{ messageId: string }> {
  const tlsMode = String(row.tlsMode);
  const transport = nodemailer.createTransport({
    host: String(row.host),
    port: Number(row.port),
    secure: tlsMode === 'tls',
    requireTLS: tlsMode === 'starttls',
    ignoreTLS: tlsMode === 'none',
    auth: row.username ? { user: String(row.username), pass: password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const info = await transport.sendMail({
      from: row.fromName ? { name: String(row.fromName), address: String(row.fromAddress) } : String(row.fromAddress),
      ...message,
    });
    return { messageId: info.messageId };
  } catch (err) {
    throw new AppError(SysconfigCodes.MAIL_SEND_FAILED, { reason: reasonOf(err) });
  } finally {
    transport.close();
  }
}

/**
 * Sends the localised test mail with a saved mail configuration (`row` + its decrypted `password`) to
 * `to`. Resolves with the SMTP message id; raises `sysconfig.mail_send_failed` with the reason.
 */
export function sendTestMail(row: ConfigRow, password: string, to: string, locale: Locale, sentBy: string): Promise<{ messageId: string }> {
  const params = { name: row.name, host: row.host, port: row.port, user: sentBy, time: new Date().toISOString() };
  return sendMailWith(row, password, {
    to,
    subject: translate(locale, 'errors:sysconfig.test_mail.subject', params),
    text: translate(locale, 'errors:sysconfig.test_mail.body', params),
  });
}

/**
 * Connects to a saved LDAP configuration, upgrades with STARTTLS when asked, binds with the bind DN
 * and `password` (anonymously without a bind DN) and reads the base DN. Raises
 * `sysconfig.ldap_unreachable`, `sysconfig.ldap_bind_failed` or `sysconfig.ldap_search_failed`.
 */
export async function testLdapConnection(row: ConfigRow, password: string): Promise<{ baseDnFound: boolean }> {
  const timeout = Number(row.timeoutSeconds ?? 10) * 1000;
  const url = String(row.url);
  const tls = { rejectUnauthorized: row.verifyCertificate !== false };
  // ldapts connects with TLS whenever tlsOptions are given, so they go only with an ldaps:// address.
  const secure = url.toLowerCase().startsWith('ldaps://');
  const client = new Client({ url, timeout, connectTimeout: timeout, ...(secure ? { tlsOptions: tls } : {}) });
  let stage: 'connect' | 'bind' | 'search' = 'connect';
  try {
    if (row.startTls && !secure) await client.startTLS(tls);
    stage = 'bind';
    if (row.bindDn) await client.bind(String(row.bindDn), password);
    stage = 'search';
    const { searchEntries } = await client.search(String(row.baseDn), { scope: 'base', sizeLimit: 1, attributes: ['dn'] });
    return { baseDnFound: searchEntries.length > 0 };
  } catch (err) {
    if (err instanceof InvalidCredentialsError) throw new AppError(SysconfigCodes.LDAP_BIND_FAILED);
    const code = (err as { code?: string }).code ?? '';
    const message = String((err as Error)?.message ?? '');
    if (stage === 'connect' || UNREACHABLE.includes(code) || (/timeout|connect|socket|closed/i.test(message) && stage !== 'search')) {
      throw new AppError(SysconfigCodes.LDAP_UNREACHABLE, { url, reason: reasonOf(err) });
    }
    if (stage === 'bind') throw new AppError(SysconfigCodes.LDAP_BIND_FAILED);
    throw new AppError(SysconfigCodes.LDAP_SEARCH_FAILED, { reason: reasonOf(err) });
  } finally {
    await client.unbind().catch(() => {});
  }
}
