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
 * Outside production a stand-in push service on this machine (loopback only) may be reached.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

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

/** Whether the server may connect to this address. */
export function isReachableAddress(address: string, options: { allowLoopback: boolean }): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4 address mapped into IPv6 (::ffff:10.0.0.1) back into IPv4, so its
  // IPv4 range is what is checked.
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (options.allowLoopback && range === 'loopback');
}

const resolveWithDns = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** A `lookup` for the socket that answers only checked addresses, and refuses if any is not. */
function checkedLookup(options: PushTransportOptions): LookupFunction {
  const resolve = options.resolve ?? resolveWithDns;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !isReachableAddress(entry.address, options));
        if (addresses.length === 0 || refused) {
          const error = refusedAddressError(refused?.address ?? 'no address');
          callback(error as NodeJS.ErrnoException, '', 0);
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function refusedAddressError(address: string): PushTransportError {
  return new PushTransportError(
    `not sent: the push endpoint leads to ${address}, an address inside a private or special network`,
    true,
  );
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * POSTs `body` to `endpoint` with `headers`; answers the status. Throws PushTransportError when the
 * address is refused, the exchange fails, or the deadline passes.
 */
export async function postPush(
  endpoint: string,
  request: { headers: Record<string, string>; body: Buffer },
  options: PushTransportOptions,
): Promise<{ status: number }> {
  const url = new URL(endpoint);
  // The URL parser already turned every IPv4 spelling (127.1, 0x7f.1, 0177.1) into dotted quads.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isReachableAddress(literal, options)) throw refusedAddressError(literal);
  const isHttps = url.protocol === 'https:';
  if (!isHttps && !(url.protocol === 'http:' && options.allowLoopback)) {
    throw new PushTransportError('not sent: a push endpoint must be an https:// address', true);
  }
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const outgoing = (isHttps ? https : http).request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(request.body.length) },
      agent: isHttps ? agents.https : agents.http,
      lookup: checkedLookup(options),
    });
    const deadline = setTimeout(() => {
      outgoing.destroy(new PushTransportError(`push service did not answer within ${timeoutMs / 1000} s`, false));
    }, timeoutMs);
    deadline.unref();
    outgoing.on('error', (error) => {
      clearTimeout(deadline);
      reject(
        error instanceof PushTransportError
          ? error
          : new PushTransportError(`push service not reached: ${describeNetworkError(error)}`, false),
      );
    });
    outgoing.on('response', (response) => {
      // The body is read and dropped (never kept or shown: it could be anything the host holds);
      // reading it to the end lets the connection be used again.
      response.resume();
      response.on('end', () => clearTimeout(deadline));
      response.on('error', () => clearTimeout(deadline));
      resolve({ status: response.statusCode ?? 0 });
    });
    outgoing.end(request.body);
  });
}

function describeNetworkError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? error.message.slice(0, 100);
}
