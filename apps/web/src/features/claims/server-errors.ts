import type { RequestFailure } from '../../lib/request';

/** A field the server refused: its path ('<step>.<field>') and the German message. */
export interface ServerFieldError {
  path: string;
  message: string;
}

/** The German message and field errors of the API's error envelope ({ error: { message, fieldErrors } }). */
export function errorEnvelope(failure: Pick<RequestFailure, 'error'>): {
  message?: string;
  fieldErrors: ServerFieldError[];
} {
  const error = (failure.error as { error?: { message?: unknown; fieldErrors?: unknown } } | undefined)
    ?.error;
  return {
    ...(typeof error?.message === 'string' ? { message: error.message } : {}),
    fieldErrors: Array.isArray(error?.fieldErrors) ? (error.fieldErrors as ServerFieldError[]) : [],
  };
}

/** Server field errors split into step and the path within the step's page. */
export function byStep(errors: readonly ServerFieldError[]) {
  return errors.map((error) => {
    const [stepId = '', ...rest] = error.path.split('.');
    return { stepId, path: rest.join('.'), message: error.message };
  });
}
