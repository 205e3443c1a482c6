/**
 * Shared steps of the application area's e2e specs (issue 14): an application `CRM Portal` (code `crm`)
 * administered by the demo's application administrator, and signing that administrator in through the
 * console and entering the application from the workbench.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { Paths } from '@mp/protocol';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { DEMO_PASSWORD } from '../packages/server/src/scripts/seed-demo-data.js';
import { chooseLanguage, signInOnPage } from './support.js';
import { NORTHWIND } from './tenant-session.js';

/** Adds an application administered by the demo's application administrator; answers its id and code. */
export async function addAppOfAppAdmin(api: GatewayClient, code: string, name: string): Promise<{ id: string; code: string }> {
  const user = (await api.post(Paths.listproductadmincandidate, { keyword: NORTHWIND.appAdmin, pageSize: 5 })).body.data.rows[0];
  const r = await api.post(Paths.addproduct, {
    code, name, abbreviation: code.toUpperCase(), version: 'V1.0', status: 1, callbackUrl: `https://${code}.example.com/cb`, department: 'IT',
    ownerName: 'Emily Chan', ownerEmail: 'emily@example.com', ownerPhone: '13800138000', opsOwner: 'Ryan Ng', adminIds: [user.id],
  });
  expect(r.body.result).toBe('1');
  return r.body.data.row;
}

/** Adds the application `crm` ("CRM Portal") with the demo's application administrator as its administrator. */
export const addCrmApp = (api: GatewayClient) => addAppOfAppAdmin(api, 'crm', 'CRM Portal');

/** Signs the application administrator in (English) and enters `CRM Portal` from the workbench. */
export async function enterCrmAsAppAdmin(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await chooseLanguage(page, 'English');
  await signInOnPage(page, NORTHWIND.appAdmin, DEMO_PASSWORD, 'en-US', true);
  await page.waitForURL(/\/appAdmin\/appList/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'CRM Portal' }).click();
  await page.waitForURL(/\/app\//);
}
