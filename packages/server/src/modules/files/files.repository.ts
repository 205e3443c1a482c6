/** Stored files (logos, avatars, icons) — tenant-scoped rows holding base64 content. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

export type FileRecord = typeof files.$inferSelect;

export async function findFileById(tx: Tx, id: string): Promise<FileRecord | undefined> {
  const [row] = await tx.select().from(files).where(eq(files.id, id));
  return row;
}

export async function insertFile(tx: Tx, row: typeof files.$inferInsert): Promise<void> {
  await tx.insert(files).values(row);
}
