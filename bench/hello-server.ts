/**
 * A hello-world Fastify: the baseline bench/polling measures in the same run as the app, the same
 * way (same connections, same load generator), so its figures say what this machine gives at that
 * moment. Run by the bench as a process of its own, like the app's server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/*', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('hello-server listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
