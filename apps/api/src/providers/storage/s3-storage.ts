import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type ObjectStorage } from './object-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** for S3-compatible stores (MinIO, R2, Spaces, …); unset for AWS */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** unset: the SDK's default chain (environment, instance role, …) */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** a client to use instead (tests) */
  client?: S3Client;
}

/**
 * Any S3-compatible store through AWS SDK v3. Objects are written private (no ACL, server-side
 * encryption requested); the credentials stay on the server, the browser only ever sees the API.
 */
export class S3Storage implements ObjectStorage {
  readonly name = 's3';
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(options: S3StorageOptions) {
    this.#bucket = options.bucket;
    this.#client =
      options.client ??
      new S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle ?? false,
        ...(options.credentials ? { credentials: options.credentials } : {}),
        // a photo upload must not hang the request for the SDK's default of minutes
        maxAttempts: 3,
      });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        ServerSideEncryption: 'AES256',
      }),
    );
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    assertStorageKey(key);
    try {
      const out = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
      if (!out.Body) return null;
      const bytes = await out.Body.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }
}
