/**
 * Control grants in the console (issue 5 "Menu and control grants decide … which buttons the console
 * shows"; SPEC §6 read/write permission per control): a tenant-area screen shows its write controls
 * (add, edit, delete, import, enable/disable, …) only when the caller's roles grant its menu with
 * write. The server never relies on this: its API grants refuse the calls anyway (docs/tenancy.md).
 */
import { Purview } from '@mp/protocol';
import type { MenuNode } from '../routes/menu';
import { useSessionStore } from './session';

/** True when `purview` (absent: both) includes write. */
export function isWritable(purview: number | undefined): boolean {
  return purview === undefined || (purview & Purview.WRITE) !== 0;
}

/** The permission bits the loaded menu gives the screen of `menuCode` (undefined: not a server menu entry). */
export function menuPurview(list: readonly MenuNode[], menuCode: string): number | undefined {
  return list.find((n) => n.id === menuCode)?.purview;
}

/**
 * Whether the caller may use the write controls of the tenant screen `menuCode` (a TENANT_MENU code such
 * as 'orgManagement'): administrators and roles granting write → true; read-only grants → false.
 */
export function useMenuWritable(menuCode: string): boolean {
  return useSessionStore((s) => isWritable(menuPurview(s.menuListData, menuCode)));
}
