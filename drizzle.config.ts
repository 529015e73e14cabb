import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and applied by the app at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
