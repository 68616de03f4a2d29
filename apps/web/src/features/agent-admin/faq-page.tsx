import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { FaqAnswer } from '../../ui/faq-answer';
import { Loading } from '../../ui/loading';
import { useAgentFaq } from './api';
import styles from './agent-admin.module.css';

/** /vermittler/haeufige-fragen/: the agents' FAQ (packages/texts/content/agent-faq.yaml). */
export function AgentFaqPage() {
  const { t } = useTranslation('agent-admin');
  useDocumentTitle(t('faq.title', { brand: useBrandName() }));
  const faq = useAgentFaq();
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('faq.headline')}</h1>
      <p>{t('faq.intro')}</p>
      {faq.isPending ? <Loading label={t('faq.loading')} /> : null}
      {faq.isError ? <EmptyState preset="error" description={t('faq.failed')} /> : null}
      {faq.isSuccess
        ? faq.data.kategorien.map((category) => (
            <section key={category.id} className={styles.faqCategory} aria-labelledby={`faq-${category.id}`}>
              <h2 id={`faq-${category.id}`} className={styles.sectionHeadline}>
                {category.titel}
              </h2>
              {category.fragen.map((entry) => (
                <details key={entry.id} id={entry.id} className={styles.faqItem}>
                  <summary>{entry.frage}</summary>
                  <FaqAnswer blocks={entry.antwort} />
                </details>
              ))}
            </section>
          ))
        : null}
      <section className={styles.section} aria-labelledby="faq-more">
        <h2 id="faq-more" className={styles.sectionHeadline}>
          {t('faq.more')}
        </h2>
        <div>
          <ButtonLink href="/vermittler-nachricht/" variant="secondary">
            {t('faq.contact')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
