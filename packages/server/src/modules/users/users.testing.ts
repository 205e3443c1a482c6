/**
 * Helpers of the user API tests (users.test.ts, users.import.test.ts): a tenant with its root
 * organisation, a valid user body, and multipart uploads through the signing client.
 */
import type { FastifyInstance } from 'fastify';
import { Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { createTenantRow } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { insertRootOrganisation } from '../organisations/organisations.repository.js';
import { organisations } from '../../db/schema/index.js';

/** A tenant with its root organisation (id = tenant id) and one child organisation `<code>-dept`. */
export async function createTenantWithOrgs(app: FastifyInstance, code: string): Promise<{ tenantId: string; deptId: string }> {
  const tenantId = await createTenantRow(app, code);
  const deptId = `${tenantId}-dept`;
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await insertRootOrganisation(tx, { id: tenantId, code, name: `Tenant ${code}` });
    await tx.insert(organisations).values({ id: deptId, tenantId, parentId: tenantId, code: `${code}-dept`, name: 'Department', type: 3 });
  });
  return { tenantId, deptId };
}

/** A user body that passes every rule (SPEC §5 User); `password` still to be encrypted by the caller. */
export function validUser(tenantId: string, orgId: string, username: string) {
  return {
    tenantId,
    username,
    employeeName: '张三',
    employeeCode: 'E_001',
    gender: 'M',
    orgId,
    defaultOrgId: '',
    effectiveDate: '2026-01-01',
    expiryDate: '2030-12-31',
    status: 1 as const,
    email: `${username}@example.com`,
    mobile: '',
    officePhone: '010-12345678',
    homePhone: '',
    idCard: '11010519491231002X',
    avatar: '',
    signature: 'Regards',
    description: '',
  };
}

/** POSTs one file as multipart field `file` to `url`, signed as the console does (sign range 1). */
export async function uploadTo(
  app: FastifyInstance,
  client: GatewayClient,
  url: string,
  name: string,
  data: Buffer,
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const boundary = `----mp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { ...client.headersFor('POST', undefined), 'content-type': `multipart/form-data; boundary=${boundary}` };
  const r = await app.inject({ method: 'POST', url, headers, payload });
  return { ...r.json(), status: r.statusCode };
}

/** Uploads an image through the file call; returns its file id. */
export async function uploadImage(app: FastifyInstance, client: GatewayClient, name: string, data: Buffer): Promise<string> {
  const r = await uploadTo(app, client, Paths.uploadfile, name, data, 'image/png');
  return r.data.row.fileId;
}
