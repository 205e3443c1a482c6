/**
 * Delivery of codes and recovery links (issue 4; docs/codes.md "Delivery"): mail over SMTP with the
 * platform's first enabled mail configuration (nodemailer, sysconfig `sendMailWith`), SMS through the
 * provider chosen here. Texts in the request's language (`errors:otc.mail.*`, `errors:otc.sms`).
 */
import type { FastifyInstance } from 'fastify';
import { OtcCodes } from '@mp/protocol';
import { translate, type Locale } from '@mp/i18n';
import { AppError } from '../../lib/errors.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { loadFirstEnabledConfig, type ConfigRow } from '../sysconfig/integration.service.js';
import { sendMailWith, type MailMessage } from '../sysconfig/connection-tests.js';
import type { SmsProvider } from './sms/sms-provider.js';
import { DevSmsProvider } from './sms/dev-provider.js';
import { HttpSmsProvider } from './sms/http-provider.js';

/** The platform mail configuration, or `otc.mail_not_configured`. */
export async function mailTransport(app: FastifyInstance): Promise<{ row: ConfigRow; secret: string }> {
  const key = await app.settings.secretKey();
  const found = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => loadFirstEnabledConfig(tx, key, 'mail'));
  if (!found) throw new AppError(OtcCodes.MAIL_NOT_CONFIGURED);
  return found;
}

/**
 * The SMS provider: MP_SMS_PROVIDER=dev forces the development provider; else the first enabled SMS
 * configuration (only the generic HTTP gateway is implemented); with none, the development provider
 * outside production and `otc.sms_not_configured` in production.
 */
export async function smsProvider(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): Promise<SmsProvider> {
  if (env.MP_SMS_PROVIDER === 'dev') return new DevSmsProvider(app.log);
  const key = await app.settings.secretKey();
  const found = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => loadFirstEnabledConfig(tx, key, 'sms'));
  if (!found) {
    if (env.NODE_ENV === 'production') throw new AppError(OtcCodes.SMS_NOT_CONFIGURED);
    return new DevSmsProvider(app.log);
  }
  if (found.row.provider !== 'http')
    throw new AppError(OtcCodes.SMS_SEND_FAILED, { reason: `provider ${String(found.row.provider)} is not supported yet; use the generic HTTP gateway` });
  return new HttpSmsProvider(found.row, found.secret);
}

/** A channel ready to deliver: checked before the account is looked up, so the answer reveals nothing. */
export type Channel = { type: 'email'; mail: { row: ConfigRow; secret: string } } | { type: 'mobile'; sms: SmsProvider };

/** Resolves the channel for `type` or raises why it cannot deliver. */
export async function channelFor(app: FastifyInstance, type: 'email' | 'mobile'): Promise<Channel> {
  return type === 'email' ? { type, mail: await mailTransport(app) } : { type, sms: await smsProvider(app) };
}

/** Sends a code by the channel: a mail (subject by `purpose`) or an SMS, in `locale`. */
export async function deliverCode(
  app: FastifyInstance,
  channel: Channel,
  locale: Locale,
  o: { to: string; code: string; minutes: number; name: string; purpose: 'login' | 'mfa' },
): Promise<void> {
  const system = (await app.settings.loginConfig()).systemName || 'MP3.0';
  const params = { system, code: o.code, minutes: o.minutes, name: o.name };
  if (channel.type === 'mobile') {
    await channel.sms.send({ mobile: o.to, code: o.code, minutes: o.minutes, text: translate(locale, 'errors:otc.sms', params) });
    return;
  }
  const message: MailMessage = {
    to: o.to,
    subject: translate(locale, `errors:otc.mail.${o.purpose === 'mfa' ? 'mfaSubject' : 'loginSubject'}`, params),
    text: translate(locale, 'errors:otc.mail.codeBody', params),
  };
  await sendMailWith(channel.mail.row, channel.mail.secret, message);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends the password-recovery mail with its link, in `locale`. */
export async function deliverResetMail(
  app: FastifyInstance,
  mail: { row: ConfigRow; secret: string },
  locale: Locale,
  o: { to: string; link: string; minutes: number; name: string; username: string },
): Promise<void> {
  const system = (await app.settings.loginConfig()).systemName || 'MP3.0';
  const params = { system, link: o.link, minutes: o.minutes, name: o.name, username: o.username };
  const text = translate(locale, 'errors:otc.mail.resetBody', params);
  const html = esc(translate(locale, 'errors:otc.mail.resetBody', { ...params, link: '\u0000' }))
    .replace(/\n/g, '<br>')
    .replace('\u0000', `<a href="${esc(o.link)}">${esc(translate(locale, 'errors:otc.mail.resetLinkText'))}</a><br>${esc(o.link)}`);
  await sendMailWith(mail.row, mail.secret, { to: o.to, subject: translate(locale, 'errors:otc.mail.resetSubject', params), text, html });
}
