import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Secrets } from '../secrets.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** S3-compatible bucket when `S3_*` is set, else local disk under `$DATA_DIR/files`. */
export async function createStorage(
  config: Config,
  secrets: Pick<Secrets, 'authSecret'>,
): Promise<Storage> {
  if (config.s3) {
    // The AWS SDK is large: load it only when S3 is configured.
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage(config.s3);
  }
  return createLocalStorage({
    root: path.join(config.dataDir, 'files'),
    publicUrl: config.publicUrl,
    secret: secrets.authSecret,
  });
}
