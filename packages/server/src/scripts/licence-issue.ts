/**
 * `npm run licence:issue`: issues activation codes (SPEC §1 system activation) from an Ed25519 private key,
 * and makes key pairs. See docs/operations.md "Licences".
 *
 *   npm run licence:issue -- --generate-keys [--out <folder>]
 *       writes licence-private.pem (mode 600) and licence-public.pem into the folder (default
 *       ./licence-keys, never overwriting) and prints the public key as one base64 line for
 *       MP_LICENCE_PUBLIC_KEY.
 *   npm run licence:issue -- --customer "Acme Corp" [--days 365 | --expires 2027-12-31]
 *       [--max-tenants 10] [--max-users 1000] [--serial L-2026-001] [--issued 2026-01-01]
 *       [--key <private key file>]
 *       prints the activation code alone on stdout (details go to stderr). The private key is read from
 *       --key, else from MP_LICENCE_PRIVATE_KEY (PEM text or base64 PKCS#8 DER).
 *   npm run licence:issue -- --verify <code>
 *       checks a code against MP_LICENCE_PUBLIC_KEY or the shipped key and prints its payload.
 * Exit codes: 0 done, 1 refused (bad arguments, unreadable key, invalid code).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { encodeLicence, generateLicenceKeys, parsePrivateKey, verifyLicence, type LicencePayload } from '../modules/licence/licence-code.js';
import { resources } from '@mp/i18n';
import { AppError } from '../lib/errors.js';

const DAY_MS = 86_400_000;

/** Options of an issue, as parsed from the command line. */
export interface IssueOptions {
  customer: string;
  issued?: string | undefined;
  expires?: string | undefined;
  days?: number | undefined;
  maxTenants?: number | undefined;
  maxUsers?: number | undefined;
  serial?: string | undefined;
}

/** Builds the payload of a code (issued now, valid 365 days unless told). Throws on bad options. */
export function buildPayload(o: IssueOptions, now = Date.now()): LicencePayload {
  const customer = o.customer?.trim();
  if (!customer) throw new Error('--customer is required');
  const issued = o.issued ? Date.parse(o.issued) : now;
  if (!Number.isFinite(issued)) throw new Error(`--issued is not a date: ${o.issued}`);
  // A date without a time (2027-12-31) means the end of that day, UTC.
  const expires = o.expires ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(o.expires) ? `${o.expires}T23:59:59.999Z` : o.expires) : issued + (o.days ?? 365) * DAY_MS;
  if (!Number.isFinite(expires)) throw new Error(`--expires is not a date: ${o.expires}`);
  if (expires <= issued) throw new Error('the expiry must be after the issue date');
  for (const [name, v] of [
    ['--max-tenants', o.maxTenants],
    ['--max-users', o.maxUsers],
  ] as const) {
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 0)) throw new Error(`${name} must be a whole number ≥ 0`);
  }
  return {
    v: 1,
    id: o.serial?.trim() || randomUUID(),
    customer,
    issued: new Date(issued).toISOString(),
    expires: new Date(expires).toISOString(),
    limits: { ...(o.maxTenants !== undefined ? { maxTenants: o.maxTenants } : {}), ...(o.maxUsers !== undefined ? { maxUsers: o.maxUsers } : {}) },
  };
}

function int(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${v}`);
  return n;
}

/** The English message of a licence error, without starting i18next (a script prints one line). */
function englishMessage(e: AppError): string {
  const messages = resources['en-US'].errors.licence as Record<string, string>;
  const template = messages[e.code.replace(/^licence\./, '')] ?? e.code;
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(e.params[k] ?? ''));
}

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      'generate-keys': { type: 'boolean' },
      out: { type: 'string' },
      verify: { type: 'string' },
      customer: { type: 'string' },
      days: { type: 'string' },
      expires: { type: 'string' },
      issued: { type: 'string' },
      'max-tenants': { type: 'string' },
      'max-users': { type: 'string' },
      serial: { type: 'string' },
      key: { type: 'string' },
    },
  });
  if (values['generate-keys']) {
    const dir = resolve(values.out ?? 'licence-keys');
    const privPath = join(dir, 'licence-private.pem');
    if (existsSync(privPath)) throw new Error(`${privPath} exists; not overwriting it`);
    mkdirSync(dir, { recursive: true });
    const k = generateLicenceKeys();
    writeFileSync(privPath, k.privatePem, { mode: 0o600 });
    writeFileSync(join(dir, 'licence-public.pem'), k.publicPem);
    process.stderr.write(
      `wrote ${privPath} (keep it secret, outside the repository) and ${join(dir, 'licence-public.pem')}\nthe public key as one line, for MP_LICENCE_PUBLIC_KEY:\n`,
    );
    process.stdout.write(`${k.publicLine}\n`);
    return 0;
  }
  if (values.verify) {
    const p = verifyLicence(values.verify);
    process.stdout.write(`${JSON.stringify(p, null, 2)}\n`);
    return 0;
  }
  const keyText = values.key ? readFileSync(values.key, 'utf8') : process.env.MP_LICENCE_PRIVATE_KEY;
  if (!keyText?.trim()) throw new Error('give the private key with --key <file> or MP_LICENCE_PRIVATE_KEY');
  const payload = buildPayload({
    customer: values.customer ?? '',
    issued: values.issued,
    expires: values.expires,
    days: int(values.days),
    maxTenants: int(values['max-tenants']),
    maxUsers: int(values['max-users']),
    serial: values.serial,
  });
  const code = encodeLicence(payload, parsePrivateKey(keyText));
  process.stderr.write(
    `licence ${payload.id} for ${payload.customer}, ${payload.issued.slice(0, 10)} – ${payload.expires.slice(0, 10)}, limits ${JSON.stringify(payload.limits)}\n`,
  );
  process.stdout.write(`${code}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    const text = e instanceof AppError ? `${englishMessage(e)} (${e.code})` : (e as Error).message;
    process.stderr.write(`licence:issue: ${text}\n`);
    process.exitCode = 1;
  }
}
