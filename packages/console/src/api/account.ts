/**
 * Typed calls of the tenant area's accounts (SPEC §2 accountManagement; §7 "add/modify user account
 * calls show no automatic error toast": the form passes `noToast` and shows the error itself; issue 5;
 * docs/tenant-members.md). They act on the current tenant (TENANTID).
 */
import {
  Paths,
  type AccountAddBody,
  type AccountEditBody,
  type AccountListBody,
  type AccountRow,
  type AccountUserCandidateBody,
  type AccountUserCandidateRow,
  type Paged,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of the tenant's accounts (keyword, type, association, status; sorted on the server). */
export function listAccounts(query: AccountListBody, opts?: RequestOptions): Promise<Paged<AccountRow>> {
  return post<Paged<AccountRow>>(Paths.listaccount, query, opts);
}

/** Creates an account → its id. No automatic toast (SPEC §7). */
export function addAccount(body: AccountAddBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.addaccount, body, { noToast: true, ...opts });
}

/** Modifies an account. No automatic toast (SPEC §7). */
export function editAccount(body: AccountEditBody, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.editaccount, body, { noToast: true, ...opts });
}

/** Deletes accounts, all or none → how many. */
export async function deleteAccounts(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteaccount, { ids }, opts)).count;
}

/** Associates the account with a user ('User association succeeded'). */
export function bindAccount(id: string, userId: string, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.bindaccount, { id, userId }, opts);
}

/** Ends the account's association ('Are you sure to unbind wechat?' asked before). */
export function unbindAccount(id: string, opts?: RequestOptions): Promise<{ id: string }> {
  return post<{ id: string }>(Paths.unbindaccount, { id }, opts);
}

/** One page of users of the caller's scope to associate. */
export function listAccountUserCandidates(query: AccountUserCandidateBody, opts?: RequestOptions): Promise<Paged<AccountUserCandidateRow>> {
  return post<Paged<AccountUserCandidateRow>>(Paths.listaccountusercandidate, query, { noLoading: true, ...opts });
}
