// The partner's master data for 'Meine Daten' (issue 12): salutation, name or firm, the postal address
// valid today and one already reported for later, date of birth, customer number, contact data, and
// the days a move can be reported for.
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import type { Actor } from '../../platform/auth/actor';
import { assertCanAccessPartner } from '../../platform/auth/ownership';
import { notFound } from '../../platform/errors';
import { findPartnerById } from '../contracts/partners-repository';
import { addressesOf, moveRangeFor, type DatedAddress } from './relocation';

function addressView({ strasse, hausnummer, plz, ort, land, gueltigAb }: DatedAddress) {
  return { strasse, hausnummer, plz, ort, land, gueltigAb };
}

export async function describePartner({
  db,
  actor,
  partnerId,
  today,
}: {
  db: Database;
  actor: Actor;
  partnerId: string;
  today: CalendarDate;
}) {
  await assertCanAccessPartner({ db, actor, partnerId });
  const partner = await findPartnerById({ db, id: partnerId, today });
  if (!partner) throw notFound(`Partner ${partnerId} is gone`);
  const { current, upcoming } = await addressesOf(db, partnerId, today);
  const range = moveRangeFor(current, today);
  const {
    id: _id,
    adresse: _adresse,
    bankverbindung: _bank,
    createdAt: _c,
    updatedAt: _u,
    ...person
  } = partner;
  return {
    ...person,
    ...(current ? { anschrift: addressView(current) } : {}),
    ...(upcoming ? { neueAnschrift: addressView(upcoming) } : {}),
    umzug: { fruehestesDatum: range.earliest, spaetestesDatum: range.latest },
  };
}
