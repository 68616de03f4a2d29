import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  Input,
  Label,
  SearchField,
  Text,
  type Key,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useFaq, type Faq } from '../../lib/faq';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { FaqAnswer } from '../../ui/faq-answer';
import { Loading } from '../../ui/loading';
import { filterFaq, searchableEntries } from './faq-search';
import styles from './faq-page.module.css';

function questionIdOf(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, ''));
}

function FaqList({ faq }: { faq: Faq }) {
  const { t } = useTranslation('help');
  const location = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const linkedId = questionIdOf(location.hash);
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set(linkedId ? [linkedId] : []));
  const entries = useMemo(() => searchableEntries(faq), [faq]);
  const groups = useMemo(() => filterFaq(entries, query), [entries, query]);
  const found = groups.reduce((sum, group) => sum + group.entries.length, 0);
  const isSearching = query.trim() !== '';
  // A deep link (/haeufige-fragen/#widerruf, also from an answer's link) opens its question and
  // shows it even when the search had hidden it: state adjusted while rendering, once per hash.
  const [handledHash, setHandledHash] = useState(location.hash);
  if (handledHash !== location.hash) {
    setHandledHash(location.hash);
    if (entries.some(({ entry }) => entry.id === linkedId)) {
      if (!groups.some((group) => group.entries.some((entry) => entry.id === linkedId))) setQuery('');
      if (!expanded.has(linkedId)) setExpanded(new Set([...expanded, linkedId]));
    }
  }

  // The hash this page wrote itself when a question was opened: that question needs no scrolling.
  const ownHash = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedId || ownHash.current === linkedId) return;
    const question = document.getElementById(linkedId);
    question?.querySelector('button')?.focus({ preventScroll: true });
    question?.scrollIntoView?.({ block: 'start' });
  }, [linkedId]);

  function onExpandedChange(keys: Set<Key>) {
    const opened = [...keys].find((key) => !expanded.has(key));
    setExpanded(keys);
    // The address of an opened question is its deep link.
    if (opened !== undefined) {
      ownHash.current = String(opened);
      void navigate({ hash: `#${String(opened)}` }, { replace: true, preventScrollReset: true });
    }
  }

  return (
    <>
      <SearchField className={styles.search} value={query} onChange={setQuery}>
        <Label className={styles.searchLabel}>{t('faq.searchLabel')}</Label>
        <Input className={styles.searchInput} />
        <Text slot="description" className={styles.searchHint}>
          {t('faq.searchHint')}
        </Text>
      </SearchField>
      <p role="status" className={styles.found}>
        {isSearching ? t('faq.found', { count: found }) : ''}
      </p>

      {found === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('faq.emptyTitle', { query: query.trim() })}
          description={t('faq.emptyText')}
          action={
            <Button variant="secondary" onPress={() => setQuery('')}>
              {t('faq.clearSearch')}
            </Button>
          }
        />
      ) : null}

      {!isSearching ? (
        <nav aria-label={t('faq.categories')} className={styles.categories}>
          <ul>
            {faq.kategorien.map((category) => (
              <li key={category.id}>
                <a href={`#kategorie-${category.id}`}>{category.titel}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <DisclosureGroup allowsMultipleExpanded expandedKeys={expanded} onExpandedChange={onExpandedChange}>
        {groups.map(({ category, entries: categoryEntries }) => (
          <section
            key={category.id}
            id={`kategorie-${category.id}`}
            className={styles.category}
            aria-labelledby={`kategorie-${category.id}-titel`}
          >
            <h2 id={`kategorie-${category.id}-titel`} className={styles.categoryTitle}>
              {category.titel}
            </h2>
            {categoryEntries.map((entry) => (
              <div key={entry.id} id={entry.id} className={styles.question}>
                <Disclosure id={entry.id}>
                  <Heading level={3} className={styles.questionHeading}>
                    <AriaButton slot="trigger" className={styles.trigger}>
                      <span aria-hidden="true" className={styles.chevron} />
                      {entry.frage}
                    </AriaButton>
                  </Heading>
                  <DisclosurePanel className={styles.panel}>
                    <FaqAnswer blocks={entry.antwort} />
                  </DisclosurePanel>
                </Disclosure>
              </div>
            ))}
          </section>
        ))}
      </DisclosureGroup>
    </>
  );
}

/** `/haeufige-fragen/`: the public FAQ, searchable as you type, by category, each question a deep link. */
export function FaqPage() {
  const { t } = useTranslation('help');
  const brandName = useBrandName();
  useDocumentTitle(t('faq.title', { brand: brandName }));
  const faq = useFaq();

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('faq.headline')}</h1>
      <p className={styles.intro}>{t('faq.intro')}</p>
      {faq.isPending ? <Loading label={t('faq.loading')} /> : null}
      {faq.isError ? (
        <EmptyState
          preset="error"
          title={t('faq.failedTitle')}
          description={t('faq.failedText')}
          action={<Button onPress={() => void faq.refetch()}>{t('faq.retry')}</Button>}
        />
      ) : null}
      {faq.data ? <FaqList faq={faq.data} /> : null}
    </div>
  );
}
