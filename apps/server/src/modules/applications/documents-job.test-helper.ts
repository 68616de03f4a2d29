// Runs the application documents job's work once, as the job runner does after a commit (the test
// apps run no jobs): the policy, the mandate, their e-mail and the Postfach entry of every
// application still waiting for them.
import type { TestApp } from '../../test/test-app';
import { createTransports } from '../outbox/transports';
import { completeApplicationDocuments } from './service';

export function runApplicationDocumentsJob(t: TestApp, now = new Date()): Promise<number> {
  return completeApplicationDocuments({
    deps: {
      db: t.database.db,
      files: t.app.files,
      transports: createTransports(t.config),
      publicUrl: t.config.publicUrl,
      sepaGlaeubigerId: t.config.sepaGlaeubigerId,
    },
    now,
  });
}
