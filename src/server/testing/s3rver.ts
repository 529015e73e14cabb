import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// A local S3-compatible server (s3rver) on 127.0.0.1 with one bucket, for the storage tests and
// `npm run cluster`. It accepts any credentials and does not check signatures (real S3 does).

// s3rver ships no types; this is the part of it used here.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export interface LocalS3 {
  /** What Flock's S3 settings are (S3_ENDPOINT, S3_BUCKET, …). */
  settings: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: true;
  };
  close(): Promise<void>;
}

export async function startS3rver(bucket: string): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
