import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

export type Credentials = { username: string; password: string };

/**
 * The check of the sign-in's first step: e-mail address (trimmed) and password given. Its own
 * module, loaded with the first submit, so that zod is not part of the sign-in's first JavaScript.
 */
export function credentialsResolver(t: TFunction<'auth'>): Resolver<Credentials> {
  return zodResolver(
    z.object({
      username: z.string().trim().min(1, t('validation.emailRequired')),
      password: z.string().min(1, t('validation.passwordRequired')),
    }),
  );
}
