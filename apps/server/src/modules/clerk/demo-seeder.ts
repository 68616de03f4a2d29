// The demo clerk of the demo data set (ADR 0027): signs in at /innendienst/login/ with the demo
// password and the SMS TAN from the development outbox, and answers the demo customers.
import type { Seeder } from '../../db/demo/seeders';
import { DEMO_PASSWORD } from '../identity/demo-seeder';
import { createClerkAccount } from './accounts';

export const DEMO_CLERK = {
  email: 'petra.vogel@example.com',
  mobile: '+4915200000301',
  nickname: 'Petra Vogel',
} as const;

export const clerkDemoSeeder: Seeder = {
  name: 'demo-clerk-account',
  run: async (tx) => {
    await createClerkAccount(tx, DEMO_CLERK, { password: DEMO_PASSWORD });
    return {
      logins: [
        {
          portal: 'innendienst',
          username: DEMO_CLERK.email,
          description: `${DEMO_CLERK.nickname}: Innendienst (Schäden und Kundennachrichten bearbeiten)`,
        },
      ],
    };
  },
};
