import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithServices } from '../../../lib/deferred-services';
import { useFlagWithoutSdk } from '../../../lib/flag-without-sdk';
import type { HelpTopic } from '../../../lib/faq';
import { HelpIcon } from '../../../ui/icons';
import { NativeButton } from './native-button';

// The slide-out (dialog, FAQ query, answers) loads when it first opens, with server state.
const PageHelpPanel = lazy(async () => ({
  default: (await import('../../../ui/page-help-panel')).PageHelpPanel,
}));

/**
 * The sign-in's 'Hilfe' button: ui/page-help's PageHelp for a page without the OpenFeature SDK and
 * react-aria in its first JavaScript (ADR 0017). The flag help-button comes from one OFREP call;
 * until it answers the button shows (the flag's default), as with PageHelp. The panel is the same.
 */
export function SignInHelp({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation('ui');
  const isEnabled = useFlagWithoutSdk('help-button');
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  if (!isEnabled) return null;
  return (
    <>
      <NativeButton
        variant="tertiary"
        size="s"
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <HelpIcon size={18} />
        {t('pageHelp.button')}
      </NativeButton>
      {wasOpened ? (
        <Suspense fallback={null}>
          <WithServices>
            <PageHelpPanel topic={topic} isOpen={isOpen} onOpenChange={setOpen} />
          </WithServices>
        </Suspense>
      ) : null}
    </>
  );
}
