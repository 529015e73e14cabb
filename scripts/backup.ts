import path from 'node:path';
import { writeBackup } from '../src/server/backup/backup.ts';
import { requestBackup } from '../src/server/backup/running.ts';
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { openPglite, openPostgres } from '../src/server/db/client.ts';
import { liveLocalHolder } from '../src/server/db/data-dir-lock.ts';

// npm run backup [-- <folder>]: a consistent backup of the database and the file store,
// while the server runs or not (docs/deploy.md "Backup and restore", decision 015).

loadDotEnv();
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(process.argv[2] ?? path.join('backups', `flock-${stamp}`));

let manifest;
if (config.databaseUrl) {
  // PostgreSQL itself, not a pooler in transaction mode: pg_dump needs a session (decision 045).
  const database = await openPostgres(config.databaseDirectUrl ?? config.databaseUrl, { max: 1 });
  try {
    manifest = await writeBackup({ database, dataDir: config.dataDir, out });
  } finally {
    await database.close();
  }
} else {
  const pid = liveLocalHolder(config.dataDir);
  if (pid !== null) {
    console.log(`The server (pid ${pid}) is running: asking it for the backup…`);
    manifest = await requestBackup(pid, config.dataDir, out);
  } else {
    const database = await openPglite(config.dataDir);
    try {
      manifest = await writeBackup({ database, dataDir: config.dataDir, out });
    } finally {
      await database.close();
    }
  }
}
const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
console.log(
  `Backup written to ${out} (${manifest.format}, ${rows} rows, ${manifest.files} files).`,
);
