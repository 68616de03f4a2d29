/** Query parameter the global sign-out reloads the sign-in page with, so it can say what happened. */
export const SIGNED_OUT_EVERYWHERE_PARAM = 'abmeldung';
export const SIGNED_OUT_EVERYWHERE_VALUE = 'alle-geraete';
