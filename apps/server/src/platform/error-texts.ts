import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './config';

const errorTextsSchema = z.object({
  version: z.string(),
  codes: z
    .object({
      BAD_REQUEST: z.string(),
      VALIDATION_FAILED: z.string(),
      NOT_FOUND: z.string(),
      TOO_MANY_REQUESTS: z.string(),
      UNKNOWN_HOST: z.string(),
      INTERNAL_ERROR: z.string(),
      SERVICE_UNAVAILABLE: z.string(),
    })
    .catchall(z.string()),
  validation: z.object({ required: z.string() }),
  webBuildMissing: z.object({ title: z.string(), text: z.string() }),
});

// Read once at boot: the server's own error texts ship with the code, so a missing or broken
// file is a deployment error that must stop the start, not a per-request surprise.
export const ERROR_TEXTS = errorTextsSchema.parse(
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'packages/texts/live/errors.json'), 'utf8')),
);

/** German text for people for an error code, if errors.json has one. */
export function errorText(code: string): string | undefined {
  return ERROR_TEXTS.codes[code];
}
