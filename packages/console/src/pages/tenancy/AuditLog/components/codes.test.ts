import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from '@mp/i18n';
import { ACTION_CODES, codeKey, ENTITY_CODES } from './codes';

const MODULES = new URL('../../../../../../server/src/modules/', import.meta.url).pathname;

/** Every `action: '…'` / `entity: '…'` (also both sides of a conditional) the server's modules write into the audit log (tests and fixtures aside). */
function auditCodes(kind: 'action' | 'entity'): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.ts') && !/\.test\.ts$|fixture|testing/.test(e.name)) {
        // `action: 'x'` and `action: cond ? 'x' : 'y'`
        for (const m of readFileSync(path, 'utf8').matchAll(new RegExp(`\\b${kind}: ([^,\\n]+)`, 'g'))) {
          for (const lit of m[1]!.matchAll(/'([a-z_.-]+)'/g)) out.add(lit[1]!);
        }
      }
    }
  };
  walk(MODULES);
  if (kind === 'action') {
    for (const k of ['menu', 'orgtype', 'org', 'api', 'appmenu', 'appcontrol', 'appapi']) out.add(`role.grant.${k}`); // `role.grant.${kind}`
    // `approle.${action}` (modules/approles/approles.service.ts) and `app${owner.type}.grant.${kind}` (approles.grants.ts)
    for (const a of ['add', 'edit', 'enable', 'disable', 'delete', 'member.add', 'member.delete', 'apply_template']) out.add(`approle.${a}`);
    for (const o of ['role', 'template']) for (const k of ['appmenu', 'appcontrol', 'appapi']) out.add(`app${o}.grant.${k}`);
    // `workflow.${move}` (modules/workflow/workflow.service.ts)
    for (const m of ['submit', 'approve', 'reject', 'withdraw', 'reroute', 'close']) out.add(`workflow.${m}`);
  }
  return out;
}

describe('audit log codes', () => {
  it('names every action and entity the server records, and every filter option, in the three languages', () => {
    const actions = auditCodes('action');
    const entities = auditCodes('entity');
    expect(actions.size).toBeGreaterThan(50);
    for (const locale of ['zh-CN', 'en-US', 'ja-JP'] as const) {
      const names = resources[locale].auditlog as { action: Record<string, string>; entity: Record<string, string> };
      const unnamed = [...actions, ...ACTION_CODES].filter((c) => !names.action[codeKey(c)]);
      expect(unnamed, `${locale} actions`).toEqual([]);
      const unnamedEntities = [...entities, ...ENTITY_CODES].filter((c) => !names.entity[codeKey(c)]);
      expect(unnamedEntities, `${locale} entities`).toEqual([]);
    }
  });

  it('offers in the filter only actions the server records', () => {
    const actions = auditCodes('action');
    expect(ACTION_CODES.filter((c) => !actions.has(c))).toEqual([]);
  });
});
