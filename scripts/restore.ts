import { restoreBackup } from '../src/server/backup/backup.ts';
import { loadConfig, loadDotEnv } from '../src/server/config.ts';

// npm run restore -- <backup folder>: restores into DATA_DIR (which must hold no database or
// files yet) and, for a PostgreSQL backup, into DATABASE_URL (an empty database).

loadDotEnv();
const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(1);
}
const config = loadConfig();
try {
  const manifest = await restoreBackup({
    from,
    dataDir: config.dataDir,
    // PostgreSQL itself, not a pooler in transaction mode (decision 045).
    databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
  });
  const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${from} (${manifest.format}, taken ${manifest.createdAt}: ${rows} rows, ${manifest.files} files) into ${config.dataDir}.`,
  );
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exit(1);
}
