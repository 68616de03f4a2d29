import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createErrorId } from '../lib/error-id';
import { useDocumentTitle } from '../lib/document-title';
import { RequestError } from '../lib/request-error';
import { useBrandName } from '../lib/shell-context';
import { ErrorScreen } from '../ui/error-screen';
import { hostHandles, useTellHostOnce } from '../lib/embedding-host';

/** Our API's request id, when the error came from it: support finds it in the server log. */
function requestIdOf(error: unknown): string | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const body = error.error;
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const envelope = body.error;
  if (!envelope || typeof envelope !== 'object' || !('requestId' in envelope)) return undefined;
  return typeof envelope.requestId === 'string' ? envelope.requestId : undefined;
}

/** The page-level error screen for an error thrown while rendering or loading a page. */
export function RenderErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const [errorId] = useState(() => requestIdOf(error) ?? createErrorId());
  useDocumentTitle(t('renderError.title', { brand: useBrandName() }));

  useEffect(() => {
    console.error(`Fehler-ID ${errorId}:`, error);
  }, [errorId, error]);
  // Embedded (issue 16): the host may show the error itself; this screen stays either way.
  useTellHostOnce(errorId, () => {
    void hostHandles('handleGenericError', { errorId, message: t('renderError.headline') });
  });

  return (
    <ErrorScreen
      headline={t('renderError.headline')}
      subline={t('renderError.subline')}
      explanation={t('renderError.explanation')}
      action={{ label: t('renderError.action'), onClick: () => window.location.reload() }}
      errorId={errorId}
    />
  );
}
