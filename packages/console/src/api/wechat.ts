/**
 * Typed calls of WeChat QR sign-in (SPEC §4: the polling call is excluded from the global loading
 * indicator; §7: no automatic error toast for the WeChat OAuth calls; docs/wechat-signin.md). Every
 * failure rejects with the client's ApiError; the login page shows it in place.
 */
import { WechatPaths, type WechatOption, type WechatPollRow, type WechatQrRow } from '@mp/protocol';
import { get, post } from './client';

const quiet = { noToast: true } as const;

/** The enabled WeChat configurations (none: the login page offers no WeChat tab). Never toasts or spins. */
export async function listWechatOptions(): Promise<WechatOption[]> {
  const data = await get<{ rows: WechatOption[] }>(WechatPaths.options, undefined, { silent: true, noLoading: true });
  return data.rows ?? [];
}

/** A new QR ticket for configuration `configId` (absent: the first enabled). */
export async function createWechatQr(configId?: string): Promise<WechatQrRow> {
  const data = await post<{ row: WechatQrRow }>(WechatPaths.qr, configId ? { configId } : {}, quiet);
  return data.row;
}

/** Where the ticket stands: no loading indicator, no toast or modal even for a dropped connection (called every 2 s). */
export async function pollWechat(ticket: string, agree = false): Promise<WechatPollRow> {
  const data = await post<{ row: WechatPollRow }>(WechatPaths.poll, agree ? { ticket, agree } : { ticket }, { silent: true, noLoading: true });
  return data.row;
}

/** Binds the scanned WeChat identity to the account (`password` already encrypted) and signs in. */
export async function bindWechat(body: { ticket: string; username: string; password: string; agree: boolean }): Promise<WechatPollRow> {
  const data = await post<{ row: WechatPollRow }>(WechatPaths.bind, body, quiet);
  return data.row;
}
