import { adviceDemoSeeder } from '../../modules/advice/demo-seeder';
import { agentAdminDemoSeeder } from '../../modules/agent-admin/demo-seeder';
import { claimsDemoSeeder } from '../../modules/claims/demo-seeder';
import { clerkDemoSeeder } from '../../modules/clerk/demo-seeder';
import { contractTransferDemoSeeder } from '../../modules/contract-transfer/demo-seeder';
import { onlineApplicationDemoSeeder } from '../../modules/applications/demo-seeder';
import type { ApplicationDeps } from '../../modules/applications/service';
import { demoDocumentsSeeder } from '../../modules/documents/demo-seeder';
import { embeddingDemoSeeder } from '../../modules/embedding/demo-seeder';
import { extranetDemoSeeder } from '../../modules/extranet/demo-seeder';
import { identityDemoSeeder } from '../../modules/identity/demo-seeder';
import type { FileStorage } from '../../platform/files/file-storage';
import type { Transaction } from '../transaction';
import { curatedPortfolioSeeder } from './portfolio/curated';

/**
 * A sign-in the demo data set creates; printed at start so people can try the portals. It names
 * no password: every demo account uses DEMO_PASSWORD, a code constant, so no password is stored.
 */
export interface DemoLogin {
  portal: 'kunden' | 'vermittler' | 'innendienst';
  username: string;
  /** German note on who this is, e.g. 'Kundin mit drei Verträgen'. */
  description: string;
}

export interface Seeder {
  name: string;
  run(tx: Transaction): Promise<{ logins: DemoLogin[] }>;
}

/** Seeders of the demo data set, run once per database in this order (later issues append theirs). */
export const DEMO_SEEDERS: readonly Seeder[] = [
  curatedPortfolioSeeder,
  identityDemoSeeder,
  clerkDemoSeeder,
  agentAdminDemoSeeder,
  contractTransferDemoSeeder,
  adviceDemoSeeder,
  embeddingDemoSeeder,
  extranetDemoSeeder,
];

/**
 * Every seeder of `npm start` and `npm run seed`: DEMO_SEEDERS, the demo contracts' policy PDFs
 * and, given what an application needs (e-mail transports, public URL, creditor id), contracts
 * concluded through the online application's own calls.
 */
export function demoSeeders({
  files,
  applications,
}: {
  files: FileStorage;
  applications?: Omit<ApplicationDeps, 'db' | 'files'>;
}): Seeder[] {
  return [
    ...DEMO_SEEDERS,
    demoDocumentsSeeder(files),
    ...(applications ? [onlineApplicationDemoSeeder({ ...applications, files })] : []),
    ...(applications ? [claimsDemoSeeder({ files, transports: applications.transports })] : []),
  ];
}
