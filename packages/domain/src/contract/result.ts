// Contract rules answer with a typed result instead of throwing: a refused change or transition is
// an expected outcome that the server turns into a 4xx with the German `userMessage`.

/** A refused contract operation: stable code, internal message, German text for the person. */
export interface ContractError<Code extends string = string> {
  code: Code;
  message: string;
  userMessage: string;
}

/** Outcome of a contract operation. */
export type ContractResult<T, Code extends string = string> =
  { ok: true; value: T } | { ok: false; error: ContractError<Code> };

/** Wraps a successful value. */
export function succeed<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Builds a refusal. */
export function refuse<Code extends string>(
  code: Code,
  message: string,
  userMessage: string,
): { ok: false; error: ContractError<Code> } {
  return { ok: false, error: { code, message, userMessage } };
}
