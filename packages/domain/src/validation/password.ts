// Password schema (spec §5): every rule of password-rules.ts must hold, one German issue per
// failed rule. The rules (without zod) are re-exported here.
import { z } from 'zod';
import {
  characterCount,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordRequirements,
} from './password-rules';

export * from './password-rules';

/** Password with every requirement; one German issue per failed rule. Not trimmed on purpose. */
export const passwordSchema = z.string().superRefine((password, ctx) => {
  const met = passwordRequirements(password);
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.tooShort });
  if (length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.tooLong });
  for (const requirement of ['number', 'lowercase', 'uppercase', 'special'] as const) {
    if (!met[requirement]) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES[requirement] });
  }
});
