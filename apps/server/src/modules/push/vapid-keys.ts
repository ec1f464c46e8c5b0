/**
 * The server's VAPID key pair (RFC 8292), created by the first server process that starts on a
 * database and kept in it (push_vapid_keys, one row), so every process and every restart signs
 * pushes with the key the browsers subscribed with. Two processes starting at once both try to
 * insert their own new pair: `on conflict do nothing` keeps the first, and both then read that one.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Executor } from '../../db/client.ts';
import { pushVapidKeys } from '../../db/schema/index.ts';

const KEY_ROW_ID = 1;

export interface VapidKeys {
  /** base64url, the browsers' applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

/** The department's VAPID keys, created on the first call against a database that has none. */
export async function ensureVapidKeys(executor: Executor): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await executor
      .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, KEY_ROW_ID));
    return row;
  };
  let keys = await read();
  if (!keys) {
    const generated = webpush.generateVAPIDKeys();
    await executor
      .insert(pushVapidKeys)
      .values({ id: KEY_ROW_ID, publicKey: generated.publicKey, privateKey: generated.privateKey })
      .onConflictDoNothing();
    keys = await read();
  }
  if (!keys) throw new Error('the VAPID keys for Web Push could not be created');
  return keys;
}
