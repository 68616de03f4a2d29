/** The areas behind a sign-in whose pages load with their own route table (router.tsx, signed-in-pages.tsx). */
export const SIGNED_IN_AREAS = ['kunden', 'vermittler', 'innendienst'] as const;

export type SignedInArea = (typeof SIGNED_IN_AREAS)[number];
