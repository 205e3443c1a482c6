/**
 * The generic HTTP SMS gateway (SMS configuration provider 'http'): sends `httpMethod` (POST, PUT or
 * GET) to `url` with the `httpHeaders` lines ("Name: value") and the `bodyTemplate`. Placeholders
 * {{mobile}}, {{code}}, {{minutes}}, {{text}}, {{secret}}, {{accessKeyId}}, {{signName}},
 * {{templateCode}} are filled in: JSON-escaped in a JSON body, URL-encoded in the URL and in a
 * form body, as they are in headers. Any status outside 2xx is a failure.
 */
import { OtcCodes } from '@mp/protocol';
import { AppError } from '../../../lib/errors.js';
import type { ConfigRow } from '../../sysconfig/integration.service.js';
import type { SmsMessage, SmsProvider } from './sms-provider.js';

type Encode = (v: string) => string;

/** Replaces {{name}} placeholders with `values[name]` encoded by `encode`; unknown names stay empty. */
export function fillTemplate(template: string, values: Record<string, string>, encode: Encode = (v) => v): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => encode(values[k] ?? ''));
}

const jsonEscape: Encode = (v) => JSON.stringify(v).slice(1, -1);

export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  constructor(
    private readonly row: ConfigRow,
    private readonly secret: string,
  ) {}

  async send(m: SmsMessage): Promise<void> {
    const r = this.row;
    const values: Record<string, string> = {
      mobile: m.mobile,
      code: m.code,
      minutes: String(m.minutes),
      text: m.text,
      secret: this.secret,
      accessKeyId: String(r.accessKeyId ?? ''),
      signName: String(r.signName ?? ''),
      templateCode: String(r.templateCode ?? ''),
    };
    const method = String(r.httpMethod || 'POST').toUpperCase();
    const headers: Record<string, string> = {};
    for (const line of String(r.httpHeaders ?? '').split(/\r?\n/)) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).trim()] = fillTemplate(line.slice(i + 1).trim(), values);
    }
    const template = String(r.bodyTemplate ?? '');
    const isJson = /^\s*[[{]/.test(template);
    const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    if (!type && method !== 'GET' && template) headers['Content-Type'] = isJson ? 'application/json' : 'application/x-www-form-urlencoded';
    const url = fillTemplate(String(r.url), values, encodeURIComponent);
    const body = method === 'GET' || !template ? undefined : fillTemplate(template, values, isJson ? jsonEscape : encodeURIComponent);
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new AppError(OtcCodes.SMS_SEND_FAILED, { reason: String((err as Error).cause ?? (err as Error).message).slice(0, 200) });
    }
    if (!res.ok) throw new AppError(OtcCodes.SMS_SEND_FAILED, { reason: `HTTP ${res.status} ${(await res.text()).slice(0, 200)}` });
  }
}
