/**
 * The call-log CSV export (calllogs.routes.ts `callLogCsv`; docs/security.md "Dependencies"): names typed by other
 * people that a spreadsheet would run as formulas are written as text, everything else as it is.
 */
import { describe, expect, it } from 'vitest';
import type { CallLogRow } from '@mp/protocol';
import { callLogCsv } from './calllogs.routes.js';

const row = (over: Partial<CallLogRow>): CallLogRow => ({
  id: '1',
  at: '2026-11-26T10:00:00.000Z',
  tenantId: 't1',
  tenantName: 'Acme',
  productId: 'p1',
  productName: 'Shop',
  method: 'POST',
  api: '/gateway/x',
  status: 200,
  code: '1',
  latencyMs: 1.5,
  callerType: 'user',
  callerId: 'u1',
  callerName: 'alice',
  requestId: 'r1',
  ...over,
});

describe('call-log CSV', () => {
  it('writes formula-like names as text with a leading quote and leaves ordinary cells alone', () => {
    const csv = callLogCsv('en-US', [row({ tenantName: '=HYPERLINK("http://x","y")', productName: '+1+1', callerName: '@SUM(A1)' }), row({})]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [head, evil, plain] = csv.slice(1).trimEnd().split('\n');
    expect(head!.split(',')).toHaveLength(12);
    // the quotes of the formula are doubled by CSV quoting; the cell starts with the apostrophe
    expect(evil).toContain(`,"'=HYPERLINK(""http://x"",""y"")",'+1+1,`);
    expect(evil).toContain(",'@SUM(A1),");
    expect(evil).not.toMatch(/,[=+@]/);
    expect(plain).toBe('2026-11-26T10:00:00.000Z,Acme,Shop,POST,/gateway/x,200,1,1.5,User,alice,u1,r1');
  });
});
