// `npm run cluster`: Flock as several instances behind HAProxy on this machine (decision 048),
// on the local PostgreSQL server, through PgBouncer in transaction mode, files in a local
// S3-compatible server, mail to an SMTP sink whose mails are printed. Prints
// `cluster ready: <proxy URL>` once every instance answers; SIGTERM (or Ctrl-C) stops all.
//
//   npm run cluster                      3 instances, PgBouncer, proxy on a free port
//   npm run cluster -- --instances 2 --port 8080 --no-pgbouncer
//
// The database is `flock_cluster` on CLUSTER_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), made if missing and kept between runs.
import { parseArgs } from 'node:util';
import { startCluster } from '../src/server/testing/cluster.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string' },
    'no-pgbouncer': { type: 'boolean', default: false },
    database: { type: 'string', default: 'flock_cluster' },
  },
});

const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances: a whole number from 1 to 16');
  process.exit(2);
}
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  console.error('--port: a port number');
  process.exit(2);
}

console.log(
  `Starting ${instances} instance${instances === 1 ? '' : 's'} behind HAProxy` +
    `${values['no-pgbouncer'] ? '' : ', through PgBouncer'}…`,
);
const cluster = await startCluster({
  instances,
  pgbouncer: !values['no-pgbouncer'],
  database: { name: values.database, keep: true },
  ...(port ? { port } : {}),
  onOutput: (name, text) => {
    for (const line of text.split('\n').filter(Boolean)) console.log(`[${name}] ${line}`);
  },
});

// Mail reaches the sink: say who got what, as it arrives.
let shown = 0;
const mailTimer = setInterval(() => {
  for (const mail of cluster.smtp.mails.slice(shown)) {
    console.log(`[mail] to ${mail.to.join(', ')}: ${mail.subject}`);
  }
  shown = cluster.smtp.mails.length;
}, 1000);

for (const instance of cluster.instances) console.log(`  ${instance.name}: ${instance.url}`);
console.log(`  PostgreSQL: ${cluster.databaseUrl}`);
if (cluster.pgbouncer) console.log(`  PgBouncer: 127.0.0.1:${cluster.pgbouncer.port}`);
console.log(`  S3: ${cluster.s3.endpoint} (bucket ${cluster.s3.bucket})`);
console.log(`  SMTP sink: ${cluster.smtp.url}`);
console.log(`cluster ready: ${cluster.url}`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the cluster…`);
  clearInterval(mailTimer);
  await cluster.stop();
  console.log('cluster stopped');
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
