import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { ErrorScreen } from '../../ui/error-screen';

/** The 404 page: says the page does not exist and leads back to the start page. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('notFound.title', { brand: useBrandName() }));
  return (
    <ErrorScreen
      headline={t('notFound.headline')}
      subline={t('notFound.subline')}
      explanation={t('notFound.explanation')}
      action={{ label: t('notFound.action'), href: '/' }}
    />
  );
}
