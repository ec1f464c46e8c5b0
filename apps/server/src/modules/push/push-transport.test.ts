/**
 * Where a push may go, over real sockets: an endpoint a member chose must not make the server reach
 * inside its own network, follow a redirect, keep what a host answered, or hold a slot for long.
 */
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isReachableAddress, PushTransportError, postPush } from './push-transport.ts';

const request = { headers: { ttl: '60' }, body: Buffer.from('encrypted') };
const servers: Server[] = [];
const tarpitSockets: Socket[] = [];

/** A TCP server that counts connections and never answers (a tarpit). */
async function startTarpit() {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => {
    sockets.push(socket);
    tarpitSockets.push(socket);
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, sockets };
}

async function startHttp(handler: RequestListener) {
  const server = createHttpServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const socket of tarpitSockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
          server.close(() => resolve());
        }),
    ),
  );
});

describe('the addresses a push may reach', () => {
  it('is public unicast only, with IPv4 mapped into IPv6 judged as IPv4', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'not an address',
    ];
    expect(refused.filter((address) => isReachableAddress(address, { allowLoopback: false }))).toEqual([]);
    const reached = ['8.8.8.8', '142.250.190.78', '2607:f8b0:4009:80b::200a', '::ffff:8.8.8.8'];
    expect(reached.filter((address) => !isReachableAddress(address, { allowLoopback: false }))).toEqual([]);
    // A stand-in push service on this machine, outside production: loopback only.
    expect(isReachableAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isReachableAddress('10.1.2.3', { allowLoopback: true })).toBe(false);
  });

  it('never connects to an address written in any IPv4 spelling, or a name that resolves inside', async () => {
    const tarpit = await startTarpit();
    const endpoints = [
      `https://127.0.0.1:${tarpit.port}/x`,
      `https://127.1:${tarpit.port}/x`,
      `https://0x7f.1:${tarpit.port}/x`,
      `https://0177.1:${tarpit.port}/x`,
      `https://[::ffff:127.0.0.1]:${tarpit.port}/x`,
      `https://localhost:${tarpit.port}/x`,
    ];
    for (const endpoint of endpoints) {
      const outcome = await postPush(endpoint, request, { allowLoopback: false }).catch((error: unknown) => error);
      expect(outcome, endpoint).toBeInstanceOf(PushTransportError);
      expect((outcome as PushTransportError).isRefusedAddress, endpoint).toBe(true);
      expect((outcome as Error).message).toMatch(/address inside a private or special network/);
    }
    // A name with one public and one private address is refused as a whole.
    const mixed = await postPush(`https://push.example.org:${tarpit.port}/x`, request, {
      allowLoopback: false,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    }).catch((error: unknown) => error);
    expect((mixed as PushTransportError).message).toMatch(/leads to 127\.0\.0\.1/);
    expect(tarpit.sockets).toHaveLength(0);
  });

  it('connects to the address it checked, not to a second answer from DNS', async () => {
    const answered: string[] = [];
    const origin = await startHttp((incoming, response) => {
      answered.push(incoming.url ?? '');
      response.writeHead(201).end();
    });
    const port = new URL(origin).port;
    let lookups = 0;
    const outcome = await postPush(`http://push.example.test:${port}/device`, request, {
      allowLoopback: true,
      resolve: async () => {
        lookups += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(outcome).toEqual({ status: 201 });
    expect([lookups, answered]).toEqual([1, ['/device']]);
  });

  it('does not follow a redirect, and keeps only the status', async () => {
    const inside: string[] = [];
    const internal = await startHttp((incoming, response) => {
      inside.push(incoming.url ?? '');
      response.end('db_password=hunter2');
    });
    const redirecting = await startHttp((_incoming, response) => {
      response.writeHead(307, { location: `${internal}/secrets` }).end('db_password=hunter2');
    });
    await expect(postPush(`${redirecting}/device`, request, { allowLoopback: true })).resolves.toEqual({ status: 307 });
    expect(inside).toEqual([]);
  });

  it('gives up on an endpoint that accepts the connection and never answers, at its deadline', async () => {
    const tarpit = await startTarpit();
    const outcome = await postPush(`http://127.0.0.1:${tarpit.port}/x`, request, {
      allowLoopback: true,
      timeoutMs: 200,
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(PushTransportError);
    expect((outcome as PushTransportError).message).toBe('push service did not answer within 0.2 s');
    expect((outcome as PushTransportError).isRefusedAddress).toBe(false);
    expect(tarpit.sockets).toHaveLength(1);
  });

  it('refuses http:// in production', async () => {
    const outcome = await postPush('http://push.example.org/x', request, { allowLoopback: false }).catch(
      (error: unknown) => error,
    );
    expect((outcome as PushTransportError).message).toBe('not sent: a push endpoint must be an https:// address');
  });
});
