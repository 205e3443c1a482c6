/**
 * Test fixtures of notices (tests only): the application people world (modules/appusers/appusers.fixtures.ts:
 * crm used by t1 and t2, erp by t3; t1: east → east-sub, west) with some of its users signed in, a valid add
 * body and a tiny PNG.
 */
import { createHash } from 'node:crypto';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { USER_PASSWORD } from '../clients/clients.fixtures.js';
import { peopleWorld } from '../appusers/appusers.fixtures.js';

export { inApp } from '../clients/clients.fixtures.js';
export type NoticesWorld = Awaited<ReturnType<typeof noticesWorld>>;

/** The people world plus signed-in clients `east`, `eastSub`, `west`, `t2`, `t3`. */
export async function noticesWorld() {
  const w = await peopleWorld();
  const signedIn = async (username: string): Promise<GatewayClient> => {
    const c = await w.t.client();
    await c.signIn(username, USER_PASSWORD);
    return c;
  };
  const users = {
    east: await signedIn('u_east'),
    eastSub: await signedIn('u_eastsub'),
    west: await signedIn('u_west'),
    t2: await signedIn('u_t2'),
    t3: await signedIn('u_t3'),
  };
  return { ...w, users };
}

/** A valid add body (audience: the given targets). */
export const validNotice = (targets: { kind: string; id: string }[], patch: Record<string, unknown> = {}) => ({
  title: 'Maintenance tonight',
  body: '<p>The system is <strong>down</strong> from 22:00.</p>',
  targets,
  ...patch,
});

/** The image `code` of a signed-in client (SPEC §7: MD5 of the token). */
export const codeOf = (c: GatewayClient) => createHash('md5').update(c.token).digest('hex');

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
