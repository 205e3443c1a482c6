/**
 * Accounts of the tenant area (SPEC §2 accountManagement; §3 WeChat type 1 enterprise WeChat, 2 official
 * account, 3 open platform; §7 "add/modify user account calls show no automatic error toast"; §8 unbind
 * texts; docs/tenant-members.md): the tenant's external sign-in accounts and the user each is associated
 * with. Rules as data: the server checks them and the console's form is built from them.
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { pageQuery, PagingSchema, StatusValueSchema } from './common.js';

const id = Type.String({ minLength: 1, maxLength: 64 });

/** WeChat account types (SPEC §3). */
export const WeChatType = { ENTERPRISE: 1, OFFICIAL_ACCOUNT: 2, OPEN_PLATFORM: 3 } as const;
export const WECHAT_TYPES = [1, 2, 3] as const;

/** Limits and patterns of an account's fields (lengths in characters). */
export const ACCOUNT_RULES = {
  /** Required: the account's id at the provider (open id / user id), letters, digits and `_ - . @`. */
  account: { max: MAX_LEN.large, pattern: /^[A-Za-z0-9_\-.@]+$/ },
  nickname: { max: MAX_LEN.middle },
} as const;

/** Sortable columns of the account grid. */
export const ACCOUNT_SORT_FIELDS = ['account', 'nickname', 'accountType', 'status', 'boundAt', 'updatedAt'] as const;

/**
 * `listaccount`: one page of the tenant's accounts; `keyword` is the start of the account id or the
 * nickname; `bound` 1 associated / 0 not; newest change first unless sorted.
 */
export const AccountListBody = Type.Object({
  ...pageQuery(ACCOUNT_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  accountType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  bound: Type.Optional(StatusValueSchema),
  status: Type.Optional(StatusValueSchema),
});
export type AccountListBody = Static<typeof AccountListBody>;

/** The fields of the account form; lengths and patterns are checked by the service (localised messages). */
const accountFields = {
  /** Bounded here; the service names the WeChat types (WECHAT_TYPES) with a localised message. */
  accountType: Type.Integer({ minimum: -1000000, maximum: 1000000 }),
  account: Type.String({ maxLength: 500 }),
  nickname: Type.Optional(Type.String({ maxLength: 500 })),
  status: Type.Optional(StatusValueSchema),
};
export const AccountAddBody = Type.Object(accountFields);
export type AccountAddBody = Static<typeof AccountAddBody>;
export const AccountEditBody = Type.Object({ id, ...accountFields });
export type AccountEditBody = Static<typeof AccountEditBody>;

/** `bindaccount`: associates one account with one user ('User association succeeded'). */
export const AccountBindBody = Type.Object({ id, userId: id });
export type AccountBindBody = Static<typeof AccountBindBody>;

/** `listusercandidate`: users of the caller's scope to associate, searched by user or employee name. */
export const AccountUserCandidateBody = Type.Object({
  ...PagingSchema,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type AccountUserCandidateBody = Static<typeof AccountUserCandidateBody>;

/** An account as the grid shows it (never a secret: accounts carry none). */
export interface AccountRow {
  id: string;
  accountType: number;
  account: string;
  nickname: string;
  status: number;
  /** The associated user ('' when none). */
  userId: string;
  username: string;
  employeeName: string;
  /** When it was associated ('' when not). */
  boundAt: string;
  creator: string;
  createdAt: string;
  updatedAt: string;
}

/** A user the account can be associated with. */
export interface AccountUserCandidateRow {
  userId: string;
  username: string;
  employeeName: string;
  orgName: string;
  status: number;
}
