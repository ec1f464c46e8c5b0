/**
 * A row the server makes for itself once per database (a signing key): read it, else insert a new
 * one and read again. Two processes starting at once both insert their own: `on conflict do
 * nothing` keeps the first, and both then read that one.
 */
export async function readOrInsertOnce<Row>(
  read: () => Promise<Row | undefined>,
  insertIgnoringConflict: () => Promise<unknown>,
  what: string,
): Promise<Row> {
  const existing = await read();
  if (existing) return existing;
  await insertIgnoringConflict();
  const row = await read();
  if (!row) throw new Error(`${what} could not be created`);
  return row;
}
