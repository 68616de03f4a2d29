/** Field errors of one step, keyed by the field path within the page (the first message per path). */
export function errorsOfStep(
  errors: readonly { stepId: string; path: string; message: string }[],
  stepId: string,
): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const error of errors) {
    if (error.stepId === stepId && byPath[error.path] === undefined) byPath[error.path] = error.message;
  }
  return byPath;
}
