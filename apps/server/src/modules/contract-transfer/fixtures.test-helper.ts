// Test data of the contract transfer: a running BHV_1 contract of a partner, looked after by an
// agent, priced by the BHV_1 tariff; an open holder change with a known link token.
import { addDays, addYears, todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { buildContract } from '../../db/demo/portfolio/contract-factory';
import { quoteBhv } from '../../db/demo/portfolio/quotes';
import { agents } from '../../db/schema/agents';
import { contractHolderChanges } from '../../db/schema/contract-transfer';
import { contracts } from '../../db/schema/contracts';
import type { StoredContract } from '../contracts/contract-mapping';
import { insertContract } from '../contracts/repository';
import { newLinkToken } from './shared';

let counter = 0;

/** A contract number unique within the run (10 digits, starting with 6). */
function uniqueContractNumber(): string {
  counter += 1;
  return `6${String(Date.now() % 1_000_000).padStart(6, '0')}${String(counter).padStart(3, '0')}`;
}

/** A running BHV_1 contract of the partner, started over a year ago, main due date one month ahead. */
export async function insertBhv1Contract(
  db: Database,
  {
    partnerId,
    agentId,
    today = todayInGermany(),
  }: { partnerId: string; agentId?: string; today?: CalendarDate },
): Promise<StoredContract> {
  const [agent] = agentId
    ? await db
        .select({ vermittlerNummer: agents.vermittlerNummer })
        .from(agents)
        .where(eq(agents.id, agentId))
    : [];
  const vertragsBeginn = addDays(addYears(today, -1), 30);
  return insertContract({
    db,
    contract: buildContract(
      quoteBhv(
        {
          generation: 'BHV_1',
          hauptgewerbe: 'bhv-tischlerei',
          nebengewerbe: [],
          jahresumsatzCents: 25_000_000,
          variante: 'BHV_KOMFORT',
          selbstbeteiligung: 'SB_250',
          risikofragen: {},
        },
        'MONATLICH',
      ),
      {
        versicherungsNummer: uniqueContractNumber(),
        partnerId,
        ...(agent ? { vermittlerNummer: agent.vermittlerNummer } : {}),
        antragsdatum: addDays(vertragsBeginn, -10),
        vertragsBeginn,
        status: 'LAUFEND',
      },
    ),
  });
}

/** The agent id of a contract (for checks of who looks after a new contract). */
export async function agentIdOf(
  db: Database,
  versicherungsNummer: string,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ agentId: contracts.agentId })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, versicherungsNummer));
  return row?.agentId;
}

/** An open holder change of the contract to a new person, with its link token. */
export async function insertOpenHolderChange(
  db: Database,
  {
    contractId,
    oldPartnerId,
    agentId,
    expiresAt = new Date(Date.now() + 86_400_000),
    wirksamAb = addDays(todayInGermany(), 7),
  }: {
    contractId: string;
    oldPartnerId: string;
    agentId?: string | null;
    expiresAt?: Date;
    wirksamAb?: CalendarDate;
  },
): Promise<{ id: string; token: string }> {
  const { token, secretHash } = newLinkToken();
  const [row] = await db
    .insert(contractHolderChanges)
    .values({
      contractId,
      oldPartnerId,
      neuerInhaber: {
        vorname: 'Nora',
        nachname: 'Neumann',
        geburtsdatum: '1985-04-03',
        email: `nora.${counter}.${Date.now()}@example.com`,
        adresse: { strasse: 'Domstraße', hausnummer: '4', plz: '50668', ort: 'Köln' },
      },
      email: 'nora.neumann@example.com',
      wirksamAb,
      secretHash,
      expiresAt,
      agentId: agentId ?? null,
    })
    .returning({ id: contractHolderChanges.id });
  if (!row) throw new Error('holder change not inserted');
  return { id: row.id, token };
}
