/**
 * A member's devices for Web Push (issue 15): the VAPID public key browsers subscribe with, and
 * storing or removing a device's subscription. Whether anything is sent to the devices is the
 * member's push setting (Notification Settings); turning it off keeps the devices, so turning it
 * on again needs no new subscription.
 */
import { PUSH_LIMITS, PUSH_MESSAGES, type PushSubscriptionRequest } from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { onceUntilFailure } from '../../lib/once-until-failure.ts';
import {
  countSubscriptions,
  deleteSubscriptions,
  deleteSubscriptionsById,
  listMemberSubscriptions,
  lockMember,
  upsertSubscription,
} from './push.repository.ts';
import { ensureVapidKeys, type VapidKeys } from './vapid-keys.ts';

export class PushService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The VAPID keys, created on the first call against a database without them (at start-up). */
  readonly vapidKeys: () => Promise<VapidKeys> = onceUntilFailure(() => ensureVapidKeys(this.db));

  async publicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  /**
   * Stores this device for the member. On a push service where the member has the most devices
   * allowed already, it replaces their longest-unrenewed one there; 409 past the device limit.
   * Answers the member's device count.
   */
  async subscribe(memberId: string, subscription: PushSubscriptionRequest): Promise<number> {
    const now = this.clock.now();
    const origin = new URL(subscription.endpoint).origin;
    return this.db.transaction(async (tx) => {
      if (!(await lockMember(tx, memberId))) throw notFound('User');
      const others = (await listMemberSubscriptions(tx, memberId)).filter(
        (device) => device.endpoint !== subscription.endpoint,
      );
      const onSameService = others.filter((device) => new URL(device.endpoint).origin === origin);
      const replaced = onSameService.slice(
        0,
        Math.max(0, onSameService.length - PUSH_LIMITS.subscriptionsPerPushService + 1),
      );
      if (others.length - replaced.length >= PUSH_LIMITS.subscriptionsPerMember) {
        throw conflict(PUSH_MESSAGES.tooManyDevices);
      }
      await deleteSubscriptionsById(
        tx,
        replaced.map((device) => device.id),
      );
      await upsertSubscription(tx, {
        memberId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        now,
      });
      return others.length - replaced.length + 1;
    });
  }

  /** Removes this device (by endpoint) or all of the member's; answers how many went and how many are left. */
  async unsubscribe(
    memberId: string,
    which: { endpoint: string } | { all: true },
  ): Promise<{ removed: number; devices: number }> {
    const removed = await deleteSubscriptions(this.db, memberId, which);
    return { removed, devices: await countSubscriptions(this.db, memberId) };
  }
}
