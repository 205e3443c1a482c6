/**
 * The signed-in user's own calls (issue 15; SPEC §7 auth service `POST /auth/user/load (query)`;
 * docs/users.md "Dashboard" and "Profile", docs/protocol.md): profile, sign-in history, sessions,
 * ending other sessions, saving avatar / signature, and mobile / e-mail changes with a code. Any
 * signed-in user (access 'user'); the session alone says whose data it is — no call takes a user id.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ConfirmContactBody, EmptyBody, EndMySessionBody, ok, ProfilePaths, SaveProfileBody, SendContactCodeBody, SignInHistoryBody } from '@mp/protocol';
import { confirmContact, sendContactCode } from './contact.service.js';
import { endMySessions, mySessions, signInHistory } from './my-sessions.service.js';
import { loadProfile, saveProfile } from './profile.service.js';

const tags = ['profile'];
const config = { access: 'user' } as const;
/** user/load reads no query parameters (docs/protocol.md): unknown ones are dropped by validation, never read. */
const UserLoadQuery = Type.Object({});

export default async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(ProfilePaths.userload, { config, schema: { tags, querystring: UserLoadQuery, body: EmptyBody } }, async (request) =>
    ok({ row: await loadProfile(app, request) }),
  );

  r.post(ProfilePaths.signinhistory, { config, schema: { tags, body: SignInHistoryBody } }, async (request) =>
    ok(await signInHistory(app, request, request.body)),
  );

  r.post(ProfilePaths.mysessions, { config, schema: { tags, body: EmptyBody } }, async (request) => ok(await mySessions(app, request)));

  r.post(ProfilePaths.endmysession, { config, schema: { tags, body: EndMySessionBody } }, async (request) =>
    ok(await endMySessions(app, request, [request.body.id])),
  );

  r.post(ProfilePaths.endothersessions, { config, schema: { tags, body: EmptyBody } }, async (request) => ok(await endMySessions(app, request)));

  r.post(ProfilePaths.saveprofile, { config, schema: { tags, body: SaveProfileBody } }, async (request) =>
    ok({ row: await saveProfile(app, request, request.body) }),
  );

  r.post(ProfilePaths.sendcontactcode, { config, schema: { tags, body: SendContactCodeBody } }, async (request) => {
    await sendContactCode(app, request, request.body);
    return ok({});
  });

  r.post(ProfilePaths.confirmcontact, { config, schema: { tags, body: ConfirmContactBody } }, async (request) =>
    ok({ row: await confirmContact(app, request, request.body) }),
  );
}
