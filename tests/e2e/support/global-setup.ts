import { buildWebOnce } from './harness.ts';

// Builds the web app once, before the workers start their apps (support/test.ts).
export default async function globalSetup() {
  buildWebOnce();
}
