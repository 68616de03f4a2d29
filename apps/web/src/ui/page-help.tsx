import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FAQ_PATH, faqEntriesFor, useFaq, type HelpTopic } from '../lib/faq';
import { useFlag } from '../lib/flags';
import { Button } from './button';
import { FaqAnswer } from './faq-answer';
import { HelpIcon } from './icons';
import { SlideOut } from './slide-out';
import styles from './page-help.module.css';

export interface PageHelpProps {
  /** Which FAQ entries the panel shows (their `hilfe` list names the page). */
  topic: HelpTopic;
}

function PageHelpContent({ topic }: PageHelpProps) {
  const { t } = useTranslation('ui');
  const faq = useFaq();
  if (faq.isPending) return <p>{t('pageHelp.loading')}</p>;
  if (faq.isError) return <p role="alert">{t('pageHelp.failed')}</p>;
  const entries = faqEntriesFor(faq.data, topic);
  return (
    <>
      <p className={styles.intro}>{t('pageHelp.intro')}</p>
      {entries.map((entry) => (
        <section key={entry.id} className={styles.entry} aria-labelledby={`hilfe-${entry.id}`}>
          <h3 id={`hilfe-${entry.id}`} className={styles.question}>
            {entry.frage}
          </h3>
          <FaqAnswer blocks={entry.antwort} />
        </section>
      ))}
    </>
  );
}

/**
 * The 'Hilfe' button of a page with help content (behind the help-button flag, spec §6): it opens
 * the slide-out with the page's FAQ entries and a link to all questions. The FAQ is fetched when
 * the panel first opens.
 */
export function PageHelp({ topic }: PageHelpProps) {
  const { t } = useTranslation('ui');
  const isEnabled = useFlag('help-button');
  const [isOpen, setOpen] = useState(false);
  if (!isEnabled) return null;
  return (
    <>
      <Button variant="tertiary" size="s" aria-haspopup="dialog" onPress={() => setOpen(true)}>
        <HelpIcon size={18} />
        {t('pageHelp.button')}
      </Button>
      <SlideOut isOpen={isOpen} onOpenChange={setOpen} title={t('pageHelp.title')}>
        <PageHelpContent topic={topic} />
        <p className={styles.allQuestions}>
          <Link to={FAQ_PATH}>{t('pageHelp.allQuestions')}</Link>
        </p>
      </SlideOut>
    </>
  );
}
