// The file storage on an S3-compatible object store (ADR 0025), chosen by configuration (S3_BUCKET
// and the other S3_* variables) instead of the local disk. Keys have the same shape as on disk
// (ADR 0009), so rows stay valid when a deployment moves its files. Streams are uploaded in parts
// (multipart upload, 8 MiB parts, two at a time: about 16 MiB of memory per upload whatever the
// file size); a stream that fails aborts the multipart upload, so no object appears.
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ByteCounter, isFileKey, newFileKey, type FileStorage } from './file-storage';

export interface S3StorageConfig {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); undefined: AWS. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), needed by MinIO and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket (e.g. 'schirm/'), may be empty. */
  prefix: string;
}

const PART_SIZE = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  mpg: 'video/mpeg',
  mov: 'video/quicktime',
  txt: 'text/plain; charset=utf-8',
};

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
  );
}

/** The S3 client of a storage configuration. */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
}

/** The file storage in an S3 bucket. */
export function createS3FileStorage(
  config: S3StorageConfig,
  client: S3Client = createS3Client(config),
): FileStorage {
  const objectKey = (key: string) => `${config.prefix}${key}`;

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function upload(key: string, body: Readable | Uint8Array, extension: string): Promise<void> {
    const transfer = new Upload({
      client,
      params: {
        Bucket: config.bucket,
        Key: objectKey(key),
        Body: body,
        ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
      // A failed upload aborts its multipart upload: no parts are left behind.
      leavePartsOnError: false,
    });
    await transfer.done();
  }

  return {
    async put(bytes, extension) {
      const key = newFileKey(extension);
      await upload(key, bytes, extension);
      return key;
    },

    async putStream(source, extension) {
      const key = newFileKey(extension);
      const counter = new ByteCounter();
      source.on('error', (error) => counter.destroy(error));
      source.pipe(counter);
      try {
        await upload(key, counter, extension);
      } catch (error) {
        source.destroy();
        // The stream's own error (413, 415) rather than the SDK's wrapping of it.
        throw counter.errored ?? source.errored ?? error;
      }
      if (source.errored) throw source.errored;
      return { key, size: counter.bytes };
    },

    async remove(key) {
      if (!isFileKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },

    async open(key) {
      if (!isFileKey(key)) return undefined;
      const object = await getObject(key);
      if (!object?.Body) return undefined;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    },

    async read(key) {
      if (!isFileKey(key)) return undefined;
      const object = await getObject(key);
      if (!object?.Body) return undefined;
      return Buffer.from(await object.Body.transformToByteArray());
    },
  };
}
