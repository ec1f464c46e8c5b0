/** Queries on API tokens. Repositories take a transaction or the database and hold no rules. */
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { apiTokens, members } from '../../db/schema/index.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A token row with its creator's name, as the list shows it. */
export interface ApiTokenListRow extends ApiTokenRow {
  creatorFirstName: string | null;
  creatorLastName: string | null;
}

const creators = alias(members, 'creators');

export async function listApiTokens(executor: Executor): Promise<ApiTokenListRow[]> {
  const rows = await executor
    .select({ token: apiTokens, creatorFirstName: creators.firstName, creatorLastName: creators.lastName })
    .from(apiTokens)
    .leftJoin(creators, eq(creators.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(({ token, creatorFirstName, creatorLastName }) => ({ ...token, creatorFirstName, creatorLastName }));
}

export async function findApiToken(executor: Executor, id: string): Promise<ApiTokenListRow | undefined> {
  const [row] = await executor
    .select({ token: apiTokens, creatorFirstName: creators.firstName, creatorLastName: creators.lastName })
    .from(apiTokens)
    .leftJoin(creators, eq(creators.id, apiTokens.createdBy))
    .where(eq(apiTokens.id, id))
    .limit(1);
  return row && { ...row.token, creatorFirstName: row.creatorFirstName, creatorLastName: row.creatorLastName };
}

/** The token a request presents, by the hash of its secret. */
export async function findApiTokenByHash(executor: Executor, tokenHash: string): Promise<ApiTokenRow | undefined> {
  const [row] = await executor.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function insertApiToken(executor: Executor, values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
  const [row] = await executor.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('insert into api_tokens returned no row');
  return row;
}

/** Revokes the token unless it already was; answers whether this call revoked it. */
export async function revokeApiToken(executor: Executor, id: string, at: Date, by: string): Promise<boolean> {
  const rows = await executor
    .update(apiTokens)
    .set({ revokedAt: at, revokedBy: by })
    .where(sql`${apiTokens.id} = ${id} and ${apiTokens.revokedAt} is null`)
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Notes the latest use of each token, never moving a later note back. */
export async function recordApiTokenUses(executor: Executor, uses: ReadonlyMap<string, Date>): Promise<void> {
  if (uses.size === 0) return;
  for (const [id, at] of uses) {
    await executor
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(
        sql`${apiTokens.id} = ${id} and (${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < ${at.toISOString()})`,
      );
  }
}
