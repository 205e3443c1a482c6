import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import { buildOrgTree } from './organisations.routes.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

describe('organisation tree', () => {
  it('gives every tenant a root organisation and answers its tree to platform administrators', async () => {
    const c = await t.client();
    await c.signIn('admin', ADMIN_PASSWORD);
    const sys = await c.get(`${Paths.listorgtree}?tenantId=sys`);
    expect(sys.body.data.rows).toMatchObject([{ id: 'sys', code: 'sys', type: 2, children: [] }]);
    await createUserRow(t.app, { username: 'plainorg', password: 'Passw0rd!' });
    const plain = await t.client();
    await plain.signIn('plainorg', 'Passw0rd!');
    expect((await plain.get(`${Paths.listorgtree}?tenantId=sys`)).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('builds the tree from rows, hanging orphans under the root', () => {
    const row = (id: string, parentId: string | null) => ({
      id,
      parentId,
      tenantId: 'T',
      code: id,
      name: id,
      type: 3,
      category: 0,
      sort: 0,
      status: 1,
      description: '',
      path: '',
      nameLc: id,
      creator: '',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const tree = buildOrgTree([row('T', null), row('a', 'T'), row('b', 'a'), row('lost', 'gone')], 'T');
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children.map((n) => n.id)).toEqual(['a', 'lost']);
    expect(tree[0]!.children[0]!.children.map((n) => n.id)).toEqual(['b']);
  });
});
