/**
 * A tiny LDAP responder for tests (no LDAP server is available here): it speaks just enough BER
 * (RFC 4511) to answer a simple bind — success for the one DN and password it knows, invalid
 * credentials (49) otherwise — and a base-scope search with one entry for the base DN it knows, or
 * noSuchObject (32). Unbind closes the connection. Not for production use.
 */
import { createServer, type Server, type Socket } from 'node:net';

interface Tlv {
  tag: number;
  value: Buffer;
  end: number;
}

function readTlv(buf: Buffer, at: number): Tlv | undefined {
  if (at + 2 > buf.length) return undefined;
  const tag = buf[at]!;
  let len = buf[at + 1]!;
  let p = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (p + n > buf.length) return undefined;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[p + i]!;
    p += n;
  }
  if (p + len > buf.length) return undefined;
  return { tag, value: buf.subarray(p, p + len), end: p + len };
}

function children(value: Buffer): Tlv[] {
  const out: Tlv[] = [];
  for (let p = 0; p < value.length; ) {
    const t = readTlv(value, p);
    if (!t) break;
    out.push(t);
    p = t.end;
  }
  return out;
}

function tlv(tag: number, value: Buffer): Buffer {
  const len = value.length;
  const head = len < 128 ? Buffer.from([tag, len]) : len < 256 ? Buffer.from([tag, 0x81, len]) : Buffer.from([tag, 0x82, len >> 8, len & 0xff]);
  return Buffer.concat([head, value]);
}
const int = (tag: number, n: number) => tlv(tag, Buffer.from([n]));
const str = (s: string) => tlv(0x04, Buffer.from(s, 'utf8'));
const result = (appTag: number, code: number, message = '') => tlv(appTag, Buffer.concat([int(0x0a, code), str(''), str(message)]));
const message = (id: Buffer, op: Buffer) => tlv(0x30, Buffer.concat([tlv(0x02, id), op]));

export interface LdapStub {
  url: string;
  binds: { dn: string; password: string }[];
  close(): Promise<void>;
}

/** Starts the responder on a loopback port. */
export async function startLdapStub(opts: { bindDn: string; password: string; baseDn: string }): Promise<LdapStub> {
  const binds: { dn: string; password: string }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const msg = readTlv(pending, 0);
        if (!msg) break;
        pending = pending.subarray(msg.end);
        const [id, op] = children(msg.value);
        if (!id || !op) continue;
        if (op.tag === 0x60) {
          // BindRequest
          const [, name, auth] = children(op.value);
          const dn = name?.value.toString('utf8') ?? '';
          const password = auth?.value.toString('utf8') ?? '';
          binds.push({ dn, password });
          const okBind = dn === opts.bindDn && password === opts.password;
          socket.write(message(id.value, result(0x61, okBind ? 0 : 49, okBind ? '' : 'invalid credentials')));
        } else if (op.tag === 0x63) {
          // SearchRequest
          const [base] = children(op.value);
          const dn = base?.value.toString('utf8') ?? '';
          if (dn === opts.baseDn) socket.write(message(id.value, tlv(0x64, Buffer.concat([str(dn), tlv(0x30, Buffer.alloc(0))]))));
          socket.write(message(id.value, result(0x65, dn === opts.baseDn ? 0 : 32, dn === opts.baseDn ? '' : 'no such object')));
        } else if (op.tag === 0x42) {
          // UnbindRequest
          socket.end();
        }
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `ldap://127.0.0.1:${port}`,
    binds,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
