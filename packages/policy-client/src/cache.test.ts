/**
 * The policy client's cache and local decisions without a server: which cached users each change kind
 * invalidates (contract "Meaning for a cache"), cursor paging, cursor_expired, a change seen while an
 * answer is on its way, and decide() for api/control/menu with read/write.
 */
import { describe, expect, it } from 'vitest';
import { PolicyClient, PolicyError, concerns, decide, findMenu, type Change, type MenuNode, type UserPermissions } from './index.js';

const T1 = 't1';
const T2 = 't2';
const perms = (tenantId: string, userId: string, patch: Partial<UserPermissions> = {}): UserPermissions => ({
  tenantId,
  userId,
  username: `u_${userId}`,
  active: true,
  roles: [],
  menus: [],
  controls: [],
  apis: [],
  dataScope: { wholeTenant: false, orgIds: [], orgTypes: [] },
  cursor: 'c0',
  ...patch,
});
const change = (kind: Change['kind'], tenantId: string | null, userId: string | null = null): Change => ({
  seq: '1',
  kind,
  op: 'upsert',
  tenantId,
  subjectId: 'x',
  roleId: null,
  userId,
  changedAt: new Date().toISOString(),
});

describe('concerns: what a change invalidates', () => {
  const a = perms(T1, 'a');
  const b = perms(T1, 'b');
  const c = perms(T2, 'c');
  it.each(['menu', 'page', 'control', 'api', 'mobilemenu'] as const)('design change %s (tenant null) concerns every user', (kind) => {
    expect([a, b, c].map((p) => concerns(change(kind, null), p))).toEqual([true, true, true]);
  });
  it.each(['grant', 'role', 'subscription'] as const)('%s concerns every user of that tenant only', (kind) => {
    expect([a, b, c].map((p) => concerns(change(kind, T1), p))).toEqual([true, true, false]);
  });
  it.each(['member', 'user'] as const)('%s concerns that user in that tenant only', (kind) => {
    expect([a, b, c].map((p) => concerns(change(kind, T1, 'a'), p))).toEqual([true, false, false]);
    expect(concerns(change(kind, T2, 'a'), a)).toBe(false);
  });
  it('an unknown kind concerns everyone of its tenant', () => {
    expect(concerns(change('future' as Change['kind'], T1), a)).toBe(true);
  });
});

/** A fake policy service: answers permissions from `world`, sync from `log` pages of `pageSize`. */
function fakeService() {
  const state = {
    world: new Map<string, UserPermissions>([
      ['a', perms(T1, 'a')],
      ['b', perms(T1, 'b')],
      ['c', perms(T2, 'c')],
    ]),
    log: [] as Change[],
    calls: [] as { path: string; body: Record<string, unknown> }[],
    expired: false,
    pageSize: 2,
    auth: '',
    hold: undefined as Promise<void> | undefined,
  };
  const fetchFn = async (input: URL | RequestInfo, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input)).pathname;
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    state.auth = new Headers(init?.headers).get('authorization') ?? '';
    state.calls.push({ path, body });
    const ok = (data: unknown) => new Response(JSON.stringify({ result: '1', data }), { status: 200 });
    if (path.endsWith('/user/permissions')) {
      const cursor = String(state.log.length);
      if (state.hold) await state.hold;
      const p = state.world.get(String(body.userId));
      if (!p) return new Response(JSON.stringify({ result: '0', scode: 'policy.user_not_found', message: 'no such user', data: null }), { status: 400 });
      return ok({ ...p, cursor });
    }
    if (path.endsWith('/sync/syncbydate')) {
      if (state.expired) return new Response(JSON.stringify({ result: '0', scode: 'policy.cursor_expired', message: 'expired', data: null }), { status: 400 });
      const from = Number(body.cursor);
      const changes = state.log.slice(from, from + state.pageSize);
      const next = from + changes.length;
      return ok({ changes, cursor: String(next), hasMore: next < state.log.length });
    }
    return new Response('{}', { status: 404 });
  };
  return { state, client: new PolicyClient({ baseUrl: 'http://policy.test', clientId: 'app one', clientSecret: 's:ecret', fetch: fetchFn as typeof fetch }) };
}

const permCalls = (s: { calls: { path: string }[] }) => s.calls.filter((c) => c.path.endsWith('/user/permissions')).length;

describe('PolicyClient against a fake service', () => {
  it('authenticates with HTTP Basic of the url-encoded id and secret', async () => {
    const { state, client } = fakeService();
    await client.permissions(T1, { userId: 'a' });
    expect(state.auth).toBe(`Basic ${Buffer.from('app%20one:s%3Aecret').toString('base64')}`);
  });

  it('fetches once, caches, shares concurrent requests, takes the first cursor', async () => {
    const { state, client } = fakeService();
    const [x, y] = await Promise.all([client.permissions(T1, { userId: 'a' }), client.permissions(T1, { userId: 'a' })]);
    expect(x).toBe(y);
    await client.permissions(T1, { userId: 'a' });
    expect(permCalls(state)).toBe(1);
    expect(client.cursor).toBe('0');
  });

  it('sync pages until hasMore is false and drops exactly the concerned users', async () => {
    const { state, client } = fakeService();
    for (const u of ['a', 'b']) await client.permissions(T1, { userId: u });
    await client.permissions(T2, { userId: 'c' });
    state.log.push(change('member', T1, 'a'), change('grant', T2), change('user', T1, 'zz'));
    const out = await client.sync();
    expect(out).toMatchObject({ changes: 3, pages: 2, dropped: 2, expired: false });
    expect(client.cursor).toBe('3');
    expect(client.cachedUsers).toBe(1); // b stays
    await client.permissions(T1, { userId: 'b' });
    expect(permCalls(state)).toBe(3);
    await client.permissions(T1, { userId: 'a' }); // refetched lazily
    expect(permCalls(state)).toBe(4);
    // nothing new: one page, nothing dropped, cursor unchanged
    expect(await client.sync()).toMatchObject({ changes: 0, pages: 1, dropped: 0 });
    expect(client.cursor).toBe('3');
  });

  it('a design change drops everyone', async () => {
    const { state, client } = fakeService();
    for (const u of ['a', 'b']) await client.permissions(T1, { userId: u });
    state.log.push(change('menu', null));
    expect((await client.sync()).dropped).toBe(2);
    expect(client.cachedUsers).toBe(0);
  });

  it('policy.cursor_expired drops everything and forgets the cursor; the next answer sets it again', async () => {
    const { state, client } = fakeService();
    await client.permissions(T1, { userId: 'a' });
    state.expired = true;
    expect(await client.sync()).toMatchObject({ expired: true });
    expect(client.cachedUsers).toBe(0);
    expect(client.cursor).toBeUndefined();
    expect((await client.sync()).pages).toBe(0); // nothing to sync without a cursor
    state.expired = false;
    await client.permissions(T1, { userId: 'a' });
    expect(client.cursor).toBe('0');
  });

  it('an answer on its way while a sync sees a change about its user is returned but not cached', async () => {
    const { state, client } = fakeService();
    await client.permissions(T1, { userId: 'b' }); // sets the cursor
    let release!: () => void;
    state.hold = new Promise<void>((r) => {
      release = r;
    });
    const pending = client.permissions(T1, { userId: 'a' });
    await new Promise((r) => setTimeout(r, 5));
    state.hold = undefined;
    state.log.push(change('member', T1, 'a'));
    await client.sync();
    release();
    expect((await pending).userId).toBe('a');
    expect(client.cachedUsers).toBe(1); // only b: a's answer may predate the change
    const before = permCalls(state);
    await client.permissions(T1, { userId: 'a' });
    expect(permCalls(state)).toBe(before + 1);
  });

  it('errors are PolicyError with the scode', async () => {
    const { client } = fakeService();
    const e = await client.permissions(T1, { userId: 'nobody' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PolicyError);
    expect(e).toMatchObject({ scode: 'policy.user_not_found', status: 400 });
    const net = new PolicyClient({
      baseUrl: 'http://policy.test',
      clientId: 'x',
      clientSecret: 'y',
      fetch: (async () => {
        throw new Error('ECONNREFUSED');
      }) as typeof fetch,
    });
    await expect(net.permissions(T1, { userId: 'a' })).rejects.toMatchObject({ scode: 'network', status: 0 });
  });

  it('can() decides locally from the cache', async () => {
    const { state, client } = fakeService();
    state.world.set('a', perms(T1, 'a', { apis: [{ id: 'p', name: 'Orders', url: '/crm/orders/list.do', serviceName: 's', moduleName: 'm' }] }));
    expect(await client.can(T1, { userId: 'a' }, { api: '/CRM/orders/LIST.do' })).toBe(true);
    expect(await client.can(T1, { userId: 'a' }, { api: '/crm/orders/save.do' })).toBe(false);
    expect(permCalls(state)).toBe(1);
  });
});

describe('decide', () => {
  const page = (id: string, code: string, purview: number): MenuNode => ({
    id,
    parentId: 'm',
    code,
    name: code,
    menuType: 'page',
    target: `/${code}`,
    pageId: `p${id}`,
    icon: '',
    sort: 1,
    platformType: 3,
    openType: 1,
    refresh: 0,
    purview,
    children: [],
  });
  const p = perms(T1, 'a', {
    menus: [{ ...page('m', 'sales', 0), menuType: 'module', pageId: null, parentId: '0', children: [page('1', 'orders', 1), page('2', 'quotes', 3)] }],
    controls: [
      { id: 'btnR', pageId: 'p1', name: 'Save', alias: 'save', nodeType: 'button', purview: 1 },
      { id: 'btnW', pageId: 'p1', name: 'Delete', alias: 'del', nodeType: 'button', purview: 3 },
    ],
  });
  it('menus by id or code; the ancestor without a grant is not readable', () => {
    expect(decide(p, { menu: 'orders' })).toBe(true);
    expect(decide(p, { menu: '1', need: 'write' })).toBe(false);
    expect(decide(p, { menu: 'quotes', need: 'write' })).toBe(true);
    expect(decide(p, { menu: 'sales' })).toBe(false);
    expect(decide(p, { menu: 'nope' })).toBe(false);
    expect(decide(p, { menu: 'QUOTES', need: 'write' })).toBe(true); // codes ignore case, like the service
    expect(findMenu(p.menus, 'Orders')?.id).toBe('1');
  });
  it('controls by bit; read is the default need', () => {
    expect(decide(p, { control: 'btnR' })).toBe(true);
    expect(decide(p, { control: 'btnR', need: 'write' })).toBe(false);
    expect(decide(p, { control: 'btnW', need: 'write' })).toBe(true);
    expect(decide(p, { control: 'other' })).toBe(false);
  });
  it('an inactive user is refused everything; a query must name exactly one thing', () => {
    expect(decide({ ...p, active: false }, { control: 'btnW' })).toBe(false);
    expect(() => decide(p, {} as never)).toThrow(TypeError);
    expect(() => decide(p, { api: '/a.do', control: 'x' } as never)).toThrow(TypeError);
  });
});
