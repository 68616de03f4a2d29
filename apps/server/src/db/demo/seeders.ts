import type { Transaction } from '../transaction';
import { curatedPortfolioSeeder } from './portfolio/curated';

/** A sign-in the demo data set creates; printed at start so people can try the portals. */
export interface DemoLogin {
  portal: 'kunden' | 'vermittler';
  username: string;
  password: string;
  /** German note on who this is, e.g. 'Kundin mit drei Verträgen'. */
  description: string;
}

export interface Seeder {
  name: string;
  run(tx: Transaction): Promise<{ logins: DemoLogin[] }>;
}

/** Seeders of the demo data set, run once per database in this order (later issues append theirs). */
export const DEMO_SEEDERS: readonly Seeder[] = [curatedPortfolioSeeder];
