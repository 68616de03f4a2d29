// The customer area inside a partner's app (issue 16): the host vouches for its signed-in user
// with a one-time token (getAuthToken), the server turns it into a customer access token
// (POST /api/einbettung/sitzung) that lives only in memory, and the customer number the host names
// (getPartnerNumber) must be the one the token stands for. The host may then ask for the
// customer's contracts (getContracts / getContract), answered from the contract API.
import type { EmbeddedContract } from '@schirm/embed/protocol';
import { PORTFOLIO_STATUS_LABELS, PORTFOLIO_ZAHLWEISE_LABELS } from '@schirm/domain/agent/portfolio';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { formatMoney } from '@schirm/domain/format/money';
import { request } from '../../lib/api';
import { tellHost } from '../../lib/embedding-host';
import type { RequestFn } from '../../lib/request';

export interface EmbeddedSessionTokens {
  accessToken: string;
  /** Lifetime in seconds. */
  expiresIn: number;
  partnernummer: string;
  /** The customer account, as the portal's own sign-in names it (greeting). */
  benutzer?: { username: string; nickname: string | null };
}

export type EmbeddedSignIn =
  | { status: 'signed-in'; tokens: EmbeddedSessionTokens }
  /** The host has no signed-in user (no token), or the server refused the token. */
  | { status: 'no-token' }
  /** The host names another customer than its token stands for. */
  | { status: 'mismatch' }
  /** Network or server failure: trying again may help. */
  | { status: 'failed' };

/** Asks the host for its user's token and exchanges it for a customer session. */
export async function signInThroughHost(send: RequestFn = request): Promise<EmbeddedSignIn> {
  const answer = await tellHost('getAuthToken', {});
  const token = answer && typeof answer.token === 'string' ? answer.token : '';
  if (!token) return { status: 'no-token' };
  const result = await send<EmbeddedSessionTokens>({
    method: 'POST',
    path: '/api/einbettung/sitzung',
    body: { token },
    authenticated: false,
    cancelPrevious: false,
  });
  if (!result.ok) {
    const status = result.errorStatus;
    return status !== 'unknown' && status >= 400 && status < 500
      ? { status: 'no-token' }
      : { status: 'failed' };
  }
  if (result.canceled) return { status: 'failed' };
  const partner = await tellHost('getPartnerNumber', {});
  if (!partner || partner.partnerNumber !== result.data.partnernummer) return { status: 'mismatch' };
  return { status: 'signed-in', tokens: result.data };
}

/** When to renew an embedded session: well before the sign-in's own refresh (which needs a cookie). */
export function renewalDelayMs(expiresInSeconds: number): number {
  const lifetimeMs = expiresInSeconds * 1000;
  return Math.max(0, Math.min(lifetimeMs - 90_000, lifetimeMs * 0.4));
}

/** A contract as the host receives it (money '12,34 EUR', German status and payment period). */
export function toEmbeddedContract(contract: ContractCustomerView): EmbeddedContract {
  return {
    contractId: contract.versicherungsNummer,
    productName: contract.versicherungsName,
    status: PORTFOLIO_STATUS_LABELS[contract.vertragsstatus],
    beginn: contract.vertragsBeginn,
    beitrag: formatMoney(contract.versicherungsPraemie),
    zahlweise: PORTFOLIO_ZAHLWEISE_LABELS[contract.zahlweise],
  };
}

/** The signed-in customer's contracts for the host (empty when they cannot be read). */
export async function embeddedContracts(
  partnernummer: string,
  send: RequestFn = request,
): Promise<EmbeddedContract[]> {
  const result = await send<ContractCustomerView[]>({
    path: '/api/vertrag/vertrag/findByPartnerNummer/{id}',
    pathParams: { id: partnernummer },
    cancelPrevious: false,
  });
  return result.ok && !result.canceled ? result.data.map(toEmbeddedContract) : [];
}

/** One contract of the signed-in customer for the host, or null (unknown, not theirs, failure). */
export async function embeddedContract(
  contractId: string,
  send: RequestFn = request,
): Promise<EmbeddedContract | null> {
  const result = await send<ContractCustomerView>({
    path: '/api/vertrag/vertrag/{id}',
    pathParams: { id: contractId },
    cancelPrevious: false,
  });
  return result.ok && !result.canceled ? toEmbeddedContract(result.data) : null;
}
