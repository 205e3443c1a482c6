import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { createTenantRow } from '../testing/test-app.js';
import { tenants } from './schema/index.js';

const dir = mkdtempSync(join(tmpdir(), 'mp-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded database on disk', () => {
  it('keeps every record across a stop and a start, and creates the administrator only once', async () => {
    const first = await buildApp({ dataDir: dir, adminPassword: undefined, consoleDir: '/nonexistent' }, { logger: false });
    expect(first.generatedAdminPassword).toMatch(/^[A-Za-z0-9]{16,}$/);
    const id = await createTenantRow(first.app, 'persisted');
    await first.app.close();

    const second = await buildApp({ dataDir: dir, adminPassword: undefined, consoleDir: '/nonexistent' }, { logger: false });
    expect(second.generatedAdminPassword).toBeUndefined();
    const rows = await second.app.database.db.select().from(tenants);
    expect(rows.map((r) => r.id)).toContain(id);
    await second.app.close();
  }, 120_000); // two starts of an on-disk database: slow on a busy machine
});
