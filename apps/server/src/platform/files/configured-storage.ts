// The one place that turns configuration into the platform's file storage, so the app, the demo
// seeding at start and the seed CLI always write to and read from the same store (ADR 0025): an
// S3-compatible bucket when S3_BUCKET is set, else <DATA_DIR>/files on the local disk.
import type { AppConfig } from '../config';
import { createFileStorage, type FileStorage } from './file-storage';
import { createS3FileStorage } from './s3-storage';

export function createConfiguredFileStorage(config: Pick<AppConfig, 's3' | 'filesDir'>): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3) : createFileStorage(config.filesDir);
}
