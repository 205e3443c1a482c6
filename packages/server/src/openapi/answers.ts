/**
 * `data` shapes of the operations whose answer is typed in the OpenAPI document (issue 17 "The API as a
 * product"; docs/protocol.md "OpenAPI"). For the document only: Fastify never serialises an answer with
 * these (openapi/document.ts adds them in the swagger transform), so a field missing here is never
 * dropped from a real answer. The schemas name the fields a client may rely on and allow more
 * (`additionalProperties` is left open). Each is tied to its protocol interface at the type level
 * (`Covers` below): the interface must satisfy the schema, so renaming or retyping a field in
 * @mp/protocol fails `tsc` until this file follows. A route without an entry is documented with the
 * generic envelope (`data` of any shape). Add an entry keyed by the route's path to type another answer.
 */
import Type, { type Static, type TSchema } from 'typebox';
import { Paths, type ProductRow, type RoleRow, type SessionUserInfo, type SignInRow, type StartupConfig, type TenantRow, type UserRow } from '@mp/protocol';

/** Compile-time check: `Real` (the protocol's interface) satisfies the documented `Doc`. */
type Covers<Real, Doc> = [Real] extends [Doc] ? true : never;

const Str = Type.String();
const Status = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** `data` of a paged list (PROTOCOL.md envelope): rows, 1-based page, pages, records, lastPage. */
function paged<S extends TSchema>(row: S) {
  return Type.Object({ rows: Type.Array(row), page: Type.Integer(), total: Type.Integer(), records: Type.Integer(), lastPage: Type.Boolean() });
}
const rowOf = <S extends TSchema>(row: S) => Type.Object({ row });

const StartupConfigDoc = Type.Object({
  rows: Type.Object({}, { description: 'The login configuration (LoginConfig), with `passwordReg` and `verifyCodeType`.' }),
  currentTime: Type.Number({ description: 'Server time, ms since the epoch.' }),
  mpk: Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'Deployment key for encrypted values.' }),
  cryptoType: Type.Union([Type.Literal('1'), Type.Literal('2')], { description: "'2' SM3/SM4, '1' SHA-512/AES." }),
  requestTimeoutMs: Type.Optional(
    Type.Integer({ description: "How long the console waits for an answer before 'request timeout' (ms; `MP_REQUEST_TIMEOUT_MS`)." }),
  ),
});

const SignInRowDoc = Type.Object({ token: Str, userId: Str, mustChangePassword: Type.Optional(Type.Boolean()) });

const SessionUserInfoDoc = Type.Object({
  token: Str,
  accessToken: Str,
  userId: Str,
  userName: Str,
  employeeName: Str,
  tenantId: Str,
  userType: Type.Array(Type.Integer()),
  userTypes: Type.Array(Str),
  currentUserType: Str,
  appList: Type.Array(Type.Object({ appID: Str, name: Str, code: Str })),
  tenantList: Type.Array(Type.Object({ objID: Str, name: Str, code: Str })),
  expiresAt: Type.Number(),
  superManager: Type.Boolean(),
  mustChangePassword: Type.Optional(Type.Boolean()),
});

const TenantRowDoc = Type.Object({
  id: Str,
  code: Str,
  name: Str,
  abbreviation: Str,
  logo: Str,
  logoUrl: Str,
  address: Str,
  status: Status,
  description: Str,
  builtIn: Type.Boolean(),
  creator: Str,
  createdAt: Str,
  updatedAt: Str,
});
const ProductRowDoc = Type.Object({
  id: Str,
  code: Str,
  name: Str,
  abbreviation: Str,
  logo: Str,
  logoUrl: Str,
  version: Str,
  description: Str,
  status: Status,
  builtIn: Type.Boolean(),
  callbackUrl: Str,
  ssoMode: Type.Integer(),
  department: Str,
  ownerName: Str,
  ownerEmail: Str,
  ownerPhone: Str,
  opsOwner: Str,
  admins: Type.Array(Type.Object({ id: Str, username: Str })),
  creator: Str,
  createdAt: Str,
  updatedAt: Str,
});
const UserRowDoc = Type.Object(
  {
    id: Str,
    tenantId: Str,
    tenantCode: Str,
    tenantName: Str,
    username: Str,
    employeeName: Str,
    employeeCode: Str,
    gender: Type.Union([Type.Literal(''), Type.Literal('M'), Type.Literal('F')]),
    orgId: Str,
    orgName: Str,
    stationId: Str,
    stationName: Str,
    effectiveDate: Str,
    expiryDate: Str,
    builtIn: Type.Boolean(),
    superManager: Type.Boolean(),
    status: Status,
    locked: Type.Boolean(),
    lockedUntil: Str,
    email: Str,
    mobile: Str,
    avatarUrl: Str,
    description: Str,
    creator: Str,
    createdAt: Str,
    updatedAt: Str,
  },
  { description: 'A user; never a password hash.' },
);
const RoleRowDoc = Type.Object({
  roleId: Str,
  tenantId: Str,
  orgId: Str,
  orgName: Str,
  roleNo: Str,
  roleName: Str,
  roleCategory: Str,
  roleStatus: Status,
  builtIn: Type.Boolean(),
  description: Str,
  creator: Str,
  createdAt: Str,
  updatedAt: Str,
});

// Each documented shape is satisfied by its protocol interface (fails tsc when they drift apart).
const proofs: [
  Covers<StartupConfig, Static<typeof StartupConfigDoc>>,
  Covers<SignInRow, Static<typeof SignInRowDoc>>,
  Covers<SessionUserInfo, Static<typeof SessionUserInfoDoc>>,
  Covers<TenantRow, Static<typeof TenantRowDoc>>,
  Covers<ProductRow, Static<typeof ProductRowDoc>>,
  Covers<UserRow, Static<typeof UserRowDoc>>,
  Covers<RoleRow, Static<typeof RoleRowDoc>>,
] = [true, true, true, true, true, true, true];
void proofs;

/** Documented `data` of the typed operations, by gateway path. */
export const ANSWERS: Readonly<Record<string, TSchema>> = {
  [Paths.config]: StartupConfigDoc,
  [Paths.signin]: rowOf(SignInRowDoc),
  [Paths.tokenlogin]: rowOf(SessionUserInfoDoc),
  [Paths.renewaltoken]: rowOf(Type.Object({ token: Str, expiresAt: Type.Number() })),
  [Paths.tokenlogout]: Type.Object({}),
  [Paths.listtenant]: paged(TenantRowDoc),
  [Paths.gettenant]: rowOf(TenantRowDoc),
  [Paths.listproduct]: paged(ProductRowDoc),
  [Paths.listuser]: paged(UserRowDoc),
  [Paths.getuser]: rowOf(UserRowDoc),
  [Paths.adduser]: rowOf(UserRowDoc),
  [Paths.edituser]: rowOf(UserRowDoc),
  [Paths.listrole]: paged(RoleRowDoc),
};
