/**
 * Typed calls of licence management and system activation (SPEC §2 permitManager, §1 system activation;
 * docs/protocol.md "Calls"). Every function rejects with the client's `ApiError` when the envelope says
 * `result: '0'` (a toast is already shown unless `opts.noToast`).
 */
import { Paths, type LicenceListBody, type LicenceRow, type LicenceStatus, type Paged } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Query-cache key of the standing, shared by the screen and the header badge. */
export const LICENCE_STATUS_KEY = ['licence', 'status'] as const;
/** Query-cache key of the activation history. */
export const LICENCE_HISTORY_KEY = ['licence', 'history'] as const;

/** How the system stands: state, dates, days left, limits and usage (`getlicence` → `data.row`). */
export async function getLicenceStatus(opts?: RequestOptions): Promise<LicenceStatus> {
  const data = await post<{ row: LicenceStatus }>(Paths.getlicence, {}, opts);
  return data.row;
}

/** One page of the activation history (`listlicence`), newest first unless sorted. */
export function listLicences(query: LicenceListBody, opts?: RequestOptions): Promise<Paged<LicenceRow>> {
  return post<Paged<LicenceRow>>(Paths.listlicence, query, opts);
}

/**
 * Activates a code → the new standing. Rejects with `licence.code_required`, `licence.malformed`,
 * `licence.signature_invalid`, `licence.code_expired`, `licence.not_yet_valid`, `licence.already_active`.
 */
export async function activateLicence(code: string, opts?: RequestOptions): Promise<LicenceStatus> {
  const data = await post<{ row: LicenceStatus }>(Paths.activatelicence, { code }, opts);
  return data.row;
}
