// Applies pending migrations to the configured database (the app also does this at start).
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';

loadDotEnv();
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
