/**
 * Typed calls of client access management (SPEC §2 App `client`; docs/clients.md) and of the
 * workbench's "my apps" (SPEC §2 App admin appList). The app is named by the APPID header, which the
 * HTTP client takes from the config store's hash parameters (set by stores/current-app.ts when a tile
 * is chosen). Every function rejects with the client's `ApiError` when the envelope says `result: '0'`
 * (a toast is already shown unless `opts.noToast`).
 */
import {
  Paths,
  type ClientAddBody,
  type ClientEditBody,
  type ClientListBody,
  type ClientRow,
  type ClientWithSecret,
  type MyAppListBody,
  type MyAppRow,
  type Paged,
  type StatusValue,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Filters of the client grid. */
export type ClientFilters = Pick<ClientListBody, 'keyword' | 'status'>;

/** One page of the current app's clients: `POST listclient`. */
export function listClients(query: ClientListBody, opts?: RequestOptions): Promise<Paged<ClientRow>> {
  return post<Paged<ClientRow>>(Paths.listclient, query, opts);
}

/** One client of the current app → `data.row` (never its secret). Rejects with `client.not_found`. */
export async function getClient(clientId: string, opts?: RequestOptions): Promise<ClientRow> {
  return (await post<{ row: ClientRow }>(Paths.getclient, { clientId }, opts)).row;
}

/** Registers a client → the row and its secret, answered this once only. */
export function addClient(body: ClientAddBody, opts?: RequestOptions): Promise<ClientWithSecret> {
  return post<ClientWithSecret>(Paths.addclient, body, opts);
}

/** Modifies a client (name, redirect URIs, grant types, status, description) → the stored row. */
export async function editClient(body: ClientEditBody, opts?: RequestOptions): Promise<ClientRow> {
  return (await post<{ row: ClientRow }>(Paths.editclient, body, opts)).row;
}

/** Deletes clients → how many (all or none). */
export async function deleteClients(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteclient, { ids }, opts)).count;
}

/** Enables (1) or disables (0) clients → how many changed. */
export async function setClientStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.statusclient, { ids, status }, opts)).count;
}

/** A new secret for a client (the old one stops working) → the row and the new secret, answered once. */
export function resetClientSecret(clientId: string, opts?: RequestOptions): Promise<ClientWithSecret> {
  return post<ClientWithSecret>(Paths.resetclientsecret, { clientId }, opts);
}

/** The apps the signed-in user administers (every app for a platform administrator), by name. */
export function listMyApps(query: MyAppListBody, opts?: RequestOptions): Promise<Paged<MyAppRow>> {
  return post<Paged<MyAppRow>>(Paths.listmyapp, query, opts);
}
