import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { inScope } from '../../db/context.js';
import { organisations } from '../../db/schema/index.js';
import { createTenantRow, testApp } from '../../testing/test-app.js';

let t: Awaited<ReturnType<typeof testApp>>;
let tenantId: string;
beforeAll(async () => {
  t = await testApp();
  tenantId = await createTenantRow(t.app, 'pathco');
});
afterAll(async () => {
  await t.close();
});

const inTenant = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(t.app.database.db, { scope: 'tenant', tenantId }, fn);
const paths = () =>
  inTenant(async (tx) =>
    Object.fromEntries(
      (
        await tx
          .select({ id: organisations.id, path: organisations.path })
          .from(organisations)
          .where(eq(organisations.tenantId, tenantId))
          .orderBy(asc(organisations.id))
      ).map((r) => [r.id, r.path]),
    ),
  );
const org = (id: string, parentId: string | null) => ({ id, tenantId, parentId, code: id, name: id });

describe('materialised organisation paths (migration 0010 triggers)', () => {
  it('keeps every path through inserts and subtree moves, and refuses a move under a descendant', async () => {
    await inTenant((tx) => tx.insert(organisations).values([org('r', null), org('a', 'r'), org('b', 'a'), org('c', 'b'), org('x', 'r'), org('lost', 'gone')]));
    expect(await paths()).toMatchObject({ r: '/r/', a: '/r/a/', b: '/r/a/b/', c: '/r/a/b/c/', x: '/r/x/', lost: '/lost/' });

    // move the subtree a (with b and c) under x: one update, every descendant follows
    await inTenant((tx) => tx.update(organisations).set({ parentId: 'x' }).where(eq(organisations.id, 'a')));
    expect(await paths()).toMatchObject({ a: '/r/x/a/', b: '/r/x/a/b/', c: '/r/x/a/b/c/', x: '/r/x/' });

    // renaming does not touch paths
    await inTenant((tx) => tx.update(organisations).set({ name: 'A' }).where(eq(organisations.id, 'a')));
    expect((await paths()).c).toBe('/r/x/a/b/c/');

    // a move under its own descendant is refused, and changes nothing
    await expect(inTenant((tx) => tx.update(organisations).set({ parentId: 'c' }).where(eq(organisations.id, 'a')))).rejects.toThrow();
    expect(await paths()).toMatchObject({ a: '/r/x/a/', c: '/r/x/a/b/c/' });
  });

  it('gives a new tenant its root path', async () => {
    const rows = await inScope(t.app.database.db, { scope: 'tenant', tenantId: 'sys' }, (tx) =>
      tx.select().from(organisations).where(eq(organisations.id, 'sys')),
    );
    expect(rows[0]!.path).toBe('/sys/');
  });
});
