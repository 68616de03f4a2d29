import { AppError } from '../../platform/errors';
import { IDENTITY_ERRORS } from './texts';

type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;

/** An identity error with its German text; `message` is the internal reason for the logs. */
export function identityError(
  code: IdentityErrorCode,
  status: number,
  message: string,
  userMessage: string = IDENTITY_ERRORS[code],
): AppError {
  const publicCode =
    code === 'TAN_EXPIRED_SIGN_IN' ? 'TAN_EXPIRED' : code === 'SESSION_ENDED' ? 'UNAUTHORIZED' : code;
  return new AppError({ code: publicCode, status, message, userMessage });
}
