// Baseline for the HTTP overhead bench: Fastify alone (no logger, no plugin, no hook)
// answering /api/health's JSON, as the real route does. Flock ÷ this is what our own hooks
// and plugins cost; this ÷ bare node:http is the framework's share.
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/ready', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
