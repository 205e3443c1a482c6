/**
 * The development SMS provider: writes each message to the server log (and to any listener, which the
 * tests use) instead of sending it. Chosen when no SMS configuration is enabled outside production, or
 * with MP_SMS_PROVIDER=dev.
 */
import type { SmsMessage, SmsProvider } from './sms-provider.js';

type Listener = (message: SmsMessage) => void;
const listeners = new Set<Listener>();

/** Subscribes to the development provider's output; answers the unsubscribe function. */
export function onDevSms(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  constructor(private readonly log: { warn: (obj: object, msg: string) => void }) {}

  async send(message: SmsMessage): Promise<void> {
    this.log.warn({ sms: { to: message.mobile, code: message.code } }, `[sms:dev] to ${message.mobile}: ${message.text}`);
    for (const l of listeners) l(message);
  }
}
