import type { Brand } from '../ui/theme/brands';

export const FLAG_CONTEXT_COOKIE = 'schirm_flag_context';

/**
 * Tells the server's flag evaluation the brand for requests that carry no context (spec §9:
 * SameSite strict). Set at start, so every API call of the session carries it; kept apart from the
 * OpenFeature code so the first JavaScript stays small.
 */
export function setFlagContextCookie(
  brand: Brand,
  { secure = window.location.protocol === 'https:' }: { secure?: boolean } = {},
): void {
  const value = encodeURIComponent(JSON.stringify({ brand }));
  document.cookie = `${FLAG_CONTEXT_COOKIE}=${value}; SameSite=Strict; Path=/${secure ? '; Secure' : ''}`;
}
