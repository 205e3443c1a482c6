/**
 * Test helpers of the API registry and the mobile app menus (tests only): a valid API body, an .xlsx
 * made of rows, and a multipart upload sent with the APPID header naming the application.
 */
import type { FastifyInstance } from 'fastify';
import writeExcelFile from 'write-excel-file/node';
import type { GatewayClient } from '../../testing/gateway-client.js';

/** A valid `addappapi` body. */
export const validApi = (patch: Record<string, unknown> = {}) => ({
  name: 'List orders',
  serviceName: 'order-service',
  moduleName: 'orders',
  description: 'Pages through orders',
  url: '/order/list.do',
  ...patch,
});

/** An .xlsx whose first sheet holds these rows (the first one the headings). */
export async function xlsx(rows: (string | null)[][]): Promise<Buffer> {
  return writeExcelFile(rows.map((r) => r.map((value) => (value === null ? null : { value }))) as never).toBuffer() as Promise<Buffer>;
}

/** Sends `data` as the multipart field `file` named `name` to `url`, for the application `appId` (id or code). */
export async function uploadInApp(
  app: FastifyInstance,
  client: GatewayClient,
  url: string,
  appId: string,
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
  const headers = { ...client.headersFor('POST', undefined), appid: appId, 'content-type': `multipart/form-data; boundary=${boundary}` };
  const r = await app.inject({ method: 'POST', url, headers, payload });
  return { ...r.json(), status: r.statusCode };
}
