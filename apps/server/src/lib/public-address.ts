/**
 * Posts to an address a person typed (a member's push endpoint, an administrator's webhook), and
 * nowhere else: the server must not be made to reach inside its own network through it.
 * - the host is resolved and every address it resolves to is checked (ipaddr.js): only public
 *   unicast is reached, never loopback, private, link-local, unique-local, IPv4 mapped into IPv6,
 *   carrier-grade NAT or any other special range; the connection goes to the checked address, so a
 *   second answer from DNS cannot swap it (an address written as the host is checked as it is);
 * - a redirect is never followed;
 * - only the status is kept, never the answer's body;
 * - the whole exchange has a deadline, so an address that does not answer holds a delivery slot
 *   only that long.
 * `allowLoopback` lets a stand-in service on this machine be reached (tests, development); the
 * server never sets it in production.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface PublicPostOptions {
  /** Loopback addresses may be reached (a stand-in service; never in production). */
  allowLoopback: boolean;
  timeoutMs: number;
  /** Resolves a host name to all its addresses (tests stand in for DNS); dns.lookup by default. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

/** The words of the errors: what the address is ("push endpoint") and who answers there ("push service"). */
export interface PublicPostWording {
  endpoint: string;
  service: string;
}

/** Builds the caller's error type: `isRefusedAddress` when the address is not allowed (retrying cannot help). */
export type PublicPostErrorFactory = (message: string, isRefusedAddress: boolean) => Error;

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
function checkedLookup(options: PublicPostOptions, refused: (address: string) => Error): LookupFunction {
  const resolve = options.resolve ?? resolveWithDns;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((entry) => !isReachableAddress(entry.address, options));
        if (addresses.length === 0 || bad) {
          callback(refused(bad?.address ?? 'no address') as NodeJS.ErrnoException, '', 0);
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * POSTs `body` to `endpoint` with `headers`; answers the status. Throws (through `makeError`) when
 * the address is refused, the exchange fails, or the deadline passes.
 */
export async function postToPublicAddress(
  endpoint: string,
  request: { headers: Record<string, string>; body: Buffer },
  options: PublicPostOptions,
  wording: PublicPostWording,
  makeCallerError: PublicPostErrorFactory,
): Promise<{ status: number }> {
  // The errors made here pass through as they are; any other is the network's, described.
  const made = new WeakSet<Error>();
  const makeError = (message: string, isRefusedAddress: boolean) => {
    const error = makeCallerError(message, isRefusedAddress);
    made.add(error);
    return error;
  };
  const refused = (address: string) =>
    makeError(
      `not sent: the ${wording.endpoint} leads to ${address}, an address inside a private or special network`,
      true,
    );
  const url = new URL(endpoint);
  // The URL parser already turned every IPv4 spelling (127.1, 0x7f.1, 0177.1) into dotted quads.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isReachableAddress(literal, options)) throw refused(literal);
  const isHttps = url.protocol === 'https:';
  if (!isHttps && !(url.protocol === 'http:' && options.allowLoopback)) {
    throw makeError(`not sent: a ${wording.endpoint} must be an https:// address`, true);
  }
  const { timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const outgoing = (isHttps ? https : http).request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(request.body.length) },
      agent: isHttps ? agents.https : agents.http,
      lookup: checkedLookup(options, refused),
    });
    const deadline = setTimeout(() => {
      outgoing.destroy(makeError(`${wording.service} did not answer within ${timeoutMs / 1000} s`, false));
    }, timeoutMs);
    deadline.unref();
    outgoing.on('error', (error) => {
      clearTimeout(deadline);
      reject(
        made.has(error) ? error : makeError(`${wording.service} not reached: ${describeNetworkError(error)}`, false),
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
