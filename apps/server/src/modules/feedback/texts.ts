// German messages of the feedback call (spec §2 '/feedback/:source/:score?').
export const FEEDBACK_TEXTS = {
  errors: {
    disabled: 'Das Feedback ist zurzeit nicht möglich.',
    quelle: 'Zu diesem Vorgang können Sie kein Feedback geben.',
    bewertung: 'Bitte wählen Sie eine Bewertung von 0 bis 10.',
    kommentarTooLong: 'Ihr Kommentar darf höchstens 1.000 Zeichen lang sein.',
  },
} as const;
