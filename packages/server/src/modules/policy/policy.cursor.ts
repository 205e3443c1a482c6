/**
 * The sync cursor of the policy service (SPEC §7 `syncbydate`; docs/applications.md "Sync"): an opaque
 * base64url text of `v1.<xid>.<seq>.<issued ms>`. It says "every change at or before position
 * (xid, seq) of the log, in (xid, seq) order, has been delivered"; `issued` is when the service handed
 * it out, so a cursor older than the log's retention is recognised (`policy.cursor_expired`).
 */
import { PolicyCodes } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';

export interface SyncCursor {
  /** Transaction id (xid8) as decimal text. */
  xid: string;
  /** Change sequence as decimal text (0: before every change of that transaction). */
  seq: string;
  /** When the cursor was handed out (ms since the epoch). */
  issuedMs: number;
}

/** The cursor before every change. */
export const START: Omit<SyncCursor, 'issuedMs'> = { xid: '0', seq: '0' };

/** Encodes a cursor. */
export function encodeCursor(c: SyncCursor): string {
  return Buffer.from(`v1.${c.xid}.${c.seq}.${c.issuedMs}`, 'utf8').toString('base64url');
}

/**
 * Decodes a cursor this service handed out.
 * @throws 400 `policy.cursor_invalid` for anything else.
 */
export function decodeCursor(text: string): SyncCursor {
  const m = /^v1\.(\d{1,20})\.(\d{1,19})\.(\d{1,15})$/.exec(/^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : '');
  if (!m || BigInt(m[1]!) >= 2n ** 64n || BigInt(m[2]!) >= 2n ** 63n) throw new AppError(PolicyCodes.CURSOR_INVALID, {}, 400);
  return { xid: m[1]!, seq: m[2]!, issuedMs: Number(m[3]) };
}

/** The later of two positions in (xid, seq) order. */
export function laterPosition(a: Omit<SyncCursor, 'issuedMs'>, b: Omit<SyncCursor, 'issuedMs'>): Omit<SyncCursor, 'issuedMs'> {
  const [ax, bx, as, bs] = [BigInt(a.xid), BigInt(b.xid), BigInt(a.seq), BigInt(b.seq)];
  return ax > bx || (ax === bx && as >= bs) ? a : b;
}
