/** Stored files (logos, avatars, icons) — tenant-scoped rows holding base64 content. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

export type FileRecord = typeof files.$inferSelect;

/** The file `id`; with `tenantId`, only a file of that tenant (a reader outside the platform scope). */
export async function findFileById(tx: Tx, id: string, tenantId?: string): Promise<FileRecord | undefined> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, id), tenantId === undefined ? undefined : eq(files.tenantId, tenantId)));
  return row;
}

export async function insertFile(tx: Tx, row: typeof files.$inferInsert): Promise<void> {
  await tx.insert(files).values(row);
}

/**
 * The id of `file` as a file of `tenantId`: the same id when it already belongs there, else the id of
 * a copy made in `tenantId` (a platform administrator uploads into their own tenant before choosing
 * whose record the image belongs to; the copy lets that tenant's own users read it).
 */
export async function fileIdInTenant(tx: Tx, file: FileRecord, tenantId: string): Promise<string> {
  if (file.tenantId === tenantId) return file.id;
  const id = randomUUID();
  await insertFile(tx, { id, tenantId, name: file.name, mime: file.mime, size: file.size, data: file.data, createdBy: file.createdBy });
  return id;
}
