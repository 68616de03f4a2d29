// Customer views of contracts, kept per server process under the partner's contract-view revision
// (ADR 0010). The revision is read from the database on every request and changes with every
// committed write to the rows a view is built from (triggers of migration 0004), and the day is
// part of the key because views name the next due date and cancellation dates. So a cached entry
// is only ever served for exactly the data and the day it was built for; old revisions are never
// asked for again and leave the cache as it fills up (least recently used first).
import { LRUCache } from 'lru-cache';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { ContractViewRevision } from '../contracts/repository';
import type { StoredContract } from '../contracts/contract-mapping';

/** One contract's details page, before the flags decide its self-service pages. */
export interface CachedContractDetails {
  contract: StoredContract;
  view: ContractCustomerView;
}

/** Largest total length, in UTF-16 code units, of the cached contract lists (about 32 MB). */
const LIST_CACHE_CHARS = 16 * 1024 * 1024;
/** Contracts whose details stay cached (some 5 KB each). */
const DETAILS_CACHE_ENTRIES = 4000;

export interface ContractViewCache {
  /** The partner's contract list as the route's JSON, for this revision and day. */
  readonly lists: LRUCache<string, string>;
  /** One contract's details (by contract number) for this partner revision and day. */
  readonly details: LRUCache<string, CachedContractDetails>;
}

export function createContractViewCache(): ContractViewCache {
  return {
    lists: new LRUCache<string, string>({
      maxSize: LIST_CACHE_CHARS,
      sizeCalculation: (json) => Math.max(json.length, 1),
    }),
    details: new LRUCache<string, CachedContractDetails>({ max: DETAILS_CACHE_ENTRIES }),
  };
}

/** The cache key of a partner's contract list. */
export function listKey({ partnerId, revision }: ContractViewRevision, today: CalendarDate): string {
  return `${partnerId} ${revision} ${today}`;
}

/** The cache key of one contract's details. */
export function detailsKey(
  versicherungsNummer: string,
  { partnerId, revision }: ContractViewRevision,
  today: CalendarDate,
): string {
  return `${versicherungsNummer} ${partnerId} ${revision} ${today}`;
}
