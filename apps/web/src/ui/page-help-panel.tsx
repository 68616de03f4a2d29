import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FAQ_PATH, faqEntriesFor, useFaq, type HelpTopic } from '../lib/faq';
import { FaqAnswer } from './faq-answer';
import { SlideOut } from './slide-out';
import styles from './page-help.module.css';

function PageHelpContent({ topic }: { topic: HelpTopic }) {
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
 * The slide-out of the 'Hilfe' button with the page's FAQ entries and a link to all questions. Its
 * own chunk (with the dialog, the FAQ query and the answer renderer), loaded when the panel first
 * opens, so pages with a help button (the sign-in) do not carry it in their first JavaScript.
 */
export function PageHelpPanel({
  topic,
  isOpen,
  onOpenChange,
}: {
  topic: HelpTopic;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <SlideOut isOpen={isOpen} onOpenChange={onOpenChange} title={t('pageHelp.title')}>
      {/* A followed link closes the panel, also one to the page it is open on. */}
      <div
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) onOpenChange(false);
        }}
      >
        <PageHelpContent topic={topic} />
        <p className={styles.allQuestions}>
          <Link to={FAQ_PATH}>{t('pageHelp.allQuestions')}</Link>
        </p>
      </div>
    </SlideOut>
  );
}
