/**
 * A hello-world Fastify serving one tiny static page with a "Sign In" button: bench/phone-sign-in's
 * baseline, measured in the same run and the same browser with the same throttling as the app, so
 * the ratio between the two says what the app adds on this machine at that moment (a round trip or
 * two is all the baseline costs). Run by the bench as a process of its own, like the app's server.
 */
import Fastify from 'fastify';

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Hello</title></head>
  <body><main><h1>Hello</h1><form><label>Email <input type="email" /></label><button type="submit">Sign In</button></form></main></body>
</html>
`;

const app = Fastify({ logger: false });
app.get('/*', async (_request, reply) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('hello-page-server listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
