/**
 * The server's VAPID key pair (RFC 8292), created by the first server process that starts on a
 * database and kept in it (push_vapid_keys, one row), so every process and every restart signs
 * pushes with the key the browsers subscribed with (`readOrInsertOnce`: two processes starting at
 * once end with one pair).
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Executor } from '../../db/client.ts';
import { pushVapidKeys } from '../../db/schema/index.ts';
import { readOrInsertOnce } from '../../db/server-made-row.ts';

const KEY_ROW_ID = 1;

export interface VapidKeys {
  /** base64url, the browsers' applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

/** The department's VAPID keys, created on the first call against a database that has none. */
export function ensureVapidKeys(executor: Executor): Promise<VapidKeys> {
  return readOrInsertOnce(
    async () => {
      const [row] = await executor
        .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
        .from(pushVapidKeys)
        .where(eq(pushVapidKeys.id, KEY_ROW_ID));
      return row;
    },
    () => {
      const generated = webpush.generateVAPIDKeys();
      return executor
        .insert(pushVapidKeys)
        .values({ id: KEY_ROW_ID, publicKey: generated.publicKey, privateKey: generated.privateKey })
        .onConflictDoNothing();
    },
    'the VAPID keys for Web Push',
  );
}
