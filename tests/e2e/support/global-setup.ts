import { buildWebOnce, startApp } from './harness.ts';

// Builds the web app once and starts one shared app for the specs (E2E_BASE_URL).
export default async function globalSetup() {
  buildWebOnce();
  const app = await startApp();
  process.env.E2E_BASE_URL = app.baseURL;
  console.log(
    `[e2e] app at ${app.baseURL} (${app.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
  return async () => {
    await app.dispose();
  };
}
