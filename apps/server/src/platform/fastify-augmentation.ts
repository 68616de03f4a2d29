// Types of what the platform decorates onto Fastify, in one place.
import type { Environment } from '@schirm/domain/environment';
import type { DatabaseHandle } from '../db/database';
import type { AppConfig } from './config';
import type { FileStorage } from './files/file-storage';
import type { FlagService } from './flags/service';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    flags: FlagService;
    /** Files under <DATA_DIR>/files (contract documents). */
    files: FileStorage;
  }
  interface FastifyRequest {
    /** Deployment environment of this request, from its Host header (spec §9). */
    environment: Environment;
  }
}
