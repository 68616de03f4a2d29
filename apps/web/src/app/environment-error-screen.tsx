import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title';
import { ErrorScreen } from '../ui/error-screen';

/** Shown instead of the app on a host name that belongs to no environment (spec §9). */
export function EnvironmentErrorScreen() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('environmentError.title'));
  return (
    <main>
      <ErrorScreen
        headline={t('environmentError.headline')}
        subline={t('environmentError.subline')}
        explanation={t('environmentError.explanation')}
        action={{ label: t('environmentError.action'), href: 'https://www.schirm.de/' }}
      />
    </main>
  );
}
