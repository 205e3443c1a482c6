/**
 * SMS delivery behind one interface (issue 4; docs/codes.md "SMS"): the generic HTTP gateway of an SMS
 * configuration entry, or the development provider that writes the message to the server log.
 */

/** One text message: the number, the code and its lifetime, and the localised text. */
export interface SmsMessage {
  mobile: string;
  code: string;
  minutes: number;
  text: string;
}

/** A way to send a text message; raises `otc.sms_send_failed` on failure. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
