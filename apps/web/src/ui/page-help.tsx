import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpTopic } from '../lib/faq';
import { useFlag } from '../lib/flags';
import { Button } from './button';
import { HelpIcon } from './icons';

// The slide-out with its dialog, FAQ query and answers loads when it first opens (ADR 0017).
const PageHelpPanel = lazy(async () => ({ default: (await import('./page-help-panel')).PageHelpPanel }));

export interface PageHelpProps {
  /** Which FAQ entries the panel shows (their `hilfe` list names the page). */
  topic: HelpTopic;
}

/**
 * The 'Hilfe' button of a page with help content (behind the help-button flag, spec §6): it opens
 * the slide-out with the page's FAQ entries and a link to all questions. The panel's code and the
 * FAQ are fetched when it first opens; it stays mounted afterwards, so closing animates as before.
 */
export function PageHelp({ topic }: PageHelpProps) {
  const { t } = useTranslation('ui');
  const isEnabled = useFlag('help-button');
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  if (!isEnabled) return null;
  return (
    <>
      <Button
        variant="tertiary"
        size="s"
        aria-haspopup="dialog"
        onPress={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <HelpIcon size={18} />
        {t('pageHelp.button')}
      </Button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <PageHelpPanel topic={topic} isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
