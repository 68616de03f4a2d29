// Types of the authorization table (authorization.test.ts), shared with the row files under
// authorization-rows/ that each area of the product keeps for its own routes.
import type { Database } from '../db/database';
import type { Pool } from '../db/schema/identity';
import type { TestAccount } from '../modules/identity/identity-test-kit';
import type { FileStorage } from '../platform/files/file-storage';

/** The people and data every row's requests are made on; created afresh for each route. */
export interface Fixture {
  /** Customer of a sub-agent of agentX, with a document (PDF) of the contract. */
  customerA: TestAccount & {
    contractNumber: string;
    partnerNummer: string;
    documentId: string;
    /** A Postfach message with the document attached. */
    messageId: string;
  };
  /** Customer of agentY. */
  customerB: TestAccount & { contractNumber: string; partnerNummer: string };
  agentX: TestAccount;
  /** Sub-agent of agentX. */
  subAgentX: TestAccount;
  agentY: TestAccount;
  /** A clerk of the insurer (pool innendienst, ADR 0027): sees every customer's messages and claims. */
  clerk: TestAccount;
  /** A message customerA wrote (Kontakt), for the clerk's routes. */
  questionId: string;
  /** A claim of customerA with a file, an open document ('fotos'), a message and a draft of the contract. */
  claim: { claimId: string; uploadId: string; documentKey: string };
  /** The test database and file storage, for rows that create the data their request is about. */
  db: Database;
  files: FileStorage;
}

/** One authenticated route of the table. */
export interface AuthenticatedRoute {
  /** Which pool the route is for; 'any' when every pool may call it. */
  pool: Pool | 'any';
  /** The signed-in owner who may do this. */
  owner: (f: Fixture) => TestAccount;
  /** Whose data the request is about (defaults to the owner). */
  target?: (f: Fixture) => TestAccount;
  /** The request on the owner's (or target's) data; may create that data first (called once per check). */
  request: (f: Fixture) => RouteRequest | Promise<RouteRequest>;
}

export interface RouteRequest {
  url: string;
  payload?: object;
}

/** The rows an area adds: public routes with the reason, authenticated routes with a request. */
export interface AuthorizationRows {
  publicRoutes?: Readonly<Record<string, string>>;
  authenticatedRoutes?: Readonly<Record<string, AuthenticatedRoute>>;
}
