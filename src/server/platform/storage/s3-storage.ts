import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config.ts';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidKey,
  contentDisposition,
  type Storage,
} from './storage.ts';

export interface S3Storage extends Storage {
  /** Closes the client's kept-alive sockets (tests; the app keeps one client for its life). */
  destroy(): void;
}

export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // A provider that hangs must not hold a member's request forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const bucket = settings.bucket;

  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertValidKey(key);
      assertValidContentType(contentType);
      // No ACL: objects stay private and are read only through presigned links.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },

    async get(key) {
      assertValidKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
        return {
          body,
          contentType: result.ContentType ?? 'application/octet-stream',
          size: body.length,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a missing key too; some compatible stores answer 404.
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async signedUrl(key, { expiresInSeconds, downloadName }) {
      assertValidKey(key);
      assertValidExpiry(expiresInSeconds);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ...(downloadName !== undefined
          ? { ResponseContentDisposition: contentDisposition('attachment', downloadName) }
          : {}),
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    destroy() {
      client.destroy();
    },
  };
}

// Real S3 answers a missing key with 404 only when the credentials may list the bucket
// (s3:ListBucket); otherwise with 403, which stays an error here rather than a guess.
function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404
    );
  }
  return false;
}
