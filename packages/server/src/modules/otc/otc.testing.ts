/**
 * Test helpers of the otc module (tests and e2e only): a local SMTP server that keeps what it receives,
 * the decoded text of a received mail, and the platform mail configuration pointing at it.
 */
import { SMTPServer } from 'smtp-server';
import { Paths } from '@mp/protocol';
import type { GatewayClient } from '../../testing/gateway-client.js';

/** A received mail: envelope recipients and the raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  port: number;
  received: ReceivedMail[];
  /** Waits (up to `ms`) for the next mail to `to` after `after` mails were received; answers its text. */
  waitFor(to: string, after?: number, ms?: number): Promise<string>;
  close(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 (any port) that accepts every mail. */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    received,
    async waitFor(to, after = 0, ms = 5000) {
      const end = Date.now() + ms;
      for (;;) {
        const m = received.slice(after).find((r) => r.to.includes(to.toLowerCase()) || r.to.includes(to));
        if (m) return mailText(m.raw);
        if (Date.now() > end) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of every part of a raw mail (base64 and quoted-printable parts decoded), with the headers. */
export function mailText(raw: string): string {
  const out: string[] = [raw.split(/\r?\n\r?\n/)[0]!];
  const part = /Content-Transfer-Encoding:\s*(base64|quoted-printable|7bit|8bit)[^\n]*\n(?:[^\n]*\S[^\n]*\n)*?\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const m of raw.matchAll(part)) {
    const enc = m[1]!.toLowerCase();
    const body = m[2]!;
    if (enc === 'base64') out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (enc === 'quoted-printable')
      out.push(
        Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
      );
    else out.push(body);
  }
  if (out.length === 1) out.push(raw);
  return out.join('\n\n');
}

/** Saves the platform mail configuration pointing at the local SMTP server (as a platform administrator). */
export async function configureMail(admin: GatewayClient, port: number): Promise<void> {
  const r = await admin.post(Paths.savemailconfiglist, [
    { name: 'Local SMTP', host: '127.0.0.1', port, tlsMode: 'none', fromAddress: 'noreply@example.org', fromName: 'MP3.0', status: 1 },
  ]);
  if (r.body.result !== '1') throw new Error(`mail configuration: ${r.body.msg}`);
}

/** The 6-digit code in a mail's text. */
export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text.slice(text.indexOf('\n\n')));
  if (!m) throw new Error('no code in the mail');
  return m[1]!;
}
