import fs from 'node:fs';

// Its own module so that main.ts can read .env before it loads anything else (node-flags.ts).

/** Reads `.env` into the environment when there is one (variables already set win). */
export function loadDotEnv(file = '.env') {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
