/**
 * Posts one encrypted push to a push service, and nowhere else. A member chooses the endpoint, so
 * the server must not be made to reach inside its own network through it:
 * - the host is resolved and every address it resolves to is checked (ipaddr.js): only public
 *   unicast is reached, never loopback, private, link-local, unique-local, IPv4 mapped into IPv6,
 *   carrier-grade NAT or any other special range; the connection goes to the checked address, so a
 *   second answer from DNS cannot swap it (an address written as the host is checked as it is);
 * - a redirect is never followed (a push service does not redirect);
 * - only the status is kept, never the answer's body;
 * - the whole exchange has a short deadline: a push service answers in milliseconds, and an
 *   endpoint that does not must not hold a delivery slot for long.
 * Outside production a stand-in push service on this machine (loopback only) may be reached. The
 * checks are lib/public-address.ts's, shared with webhooks.
 */
import type { LookupAddress } from 'node:dns';
import { isReachableAddress, postToPublicAddress } from '../../lib/public-address.ts';

// Shared with webhooks (lib/public-address.ts); still exported here for the push module's callers.
export { isReachableAddress };

/** The deadline of one push, from connecting to the end of the answer. */
export const PUSH_TIMEOUT_MS = 5_000;

export interface PushTransportOptions {
  /** Loopback addresses may be reached (a stand-in push service; never in production). */
  allowLoopback: boolean;
  timeoutMs?: number;
  /** Resolves a host name to all its addresses (tests stand in for DNS); dns.lookup by default. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

/** The push was not posted because of where the endpoint leads, or the exchange failed. */
export class PushTransportError extends Error {
  constructor(
    message: string,
    /** The endpoint's address is not allowed: trying again cannot help. */
    readonly isRefusedAddress: boolean,
  ) {
    super(message);
    this.name = 'PushTransportError';
  }
}

/**
 * POSTs `body` to `endpoint` with `headers`; answers the status. Throws PushTransportError when the
 * address is refused, the exchange fails, or the deadline passes.
 */
export async function postPush(
  endpoint: string,
  request: { headers: Record<string, string>; body: Buffer },
  options: PushTransportOptions,
): Promise<{ status: number }> {
  return postToPublicAddress(
    endpoint,
    request,
    { ...options, timeoutMs: options.timeoutMs ?? PUSH_TIMEOUT_MS },
    { endpoint: 'push endpoint', service: 'push service' },
    (message, isRefusedAddress) => new PushTransportError(message, isRefusedAddress),
  );
}
