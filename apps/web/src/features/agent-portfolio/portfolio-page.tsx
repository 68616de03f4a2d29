import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  PORTFOLIO_PRODUKT_LABELS,
  PORTFOLIO_PRODUKTE,
  PORTFOLIO_SORTIERUNGEN,
  PORTFOLIO_STATUS,
  PORTFOLIO_STATUS_LABELS,
  PORTFOLIO_SUCHE_MAX,
  type PortfolioFormat,
} from '@schirm/domain/agent/portfolio';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Checkbox } from '../../ui/forms/checkbox';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { Loading } from '../../ui/loading';
import { Cents } from '../../ui/money';
import { Pagination } from '../../ui/pagination';
import {
  filterQuery,
  filtersFromSearch,
  isFiltered,
  usePortfolio,
  usePortfolioDownload,
  type PortfolioCustomer,
  type PortfolioFilters,
  type PortfolioPage,
} from './portfolio-api';
import styles from './portfolio.module.css';

const NS = 'agent-portfolio';

function CustomerRow({ kunde }: { kunde: PortfolioCustomer }) {
  const { t } = useTranslation(NS);
  return (
    <tr>
      <th scope="row" data-label={t('table.kunde')}>
        <Link to={`/vermittler/kunde/${kunde.partnerNummer}/`} className={styles.customerLink}>
          {kunde.name}
        </Link>
        <span className={styles.muted}>{t('table.partnerNummer', { nummer: kunde.partnerNummer })}</span>
        {kunde.email ? <span className={styles.muted}>{kunde.email}</span> : null}
      </th>
      <td data-label={t('table.ort')}>
        {kunde.plz ? (
          `${kunde.plz} ${kunde.ort ?? ''}`
        ) : (
          <span className={styles.muted}>{t('table.keineAdresse')}</span>
        )}
      </td>
      <td data-label={t('table.vertraege')}>
        <span>{t('table.contracts', { count: kunde.vertraege })}</span>
        <span className={styles.muted}>
          {kunde.produkte.map((produkt) => PORTFOLIO_PRODUKT_LABELS[produkt]).join(', ')}
        </span>
      </td>
      <td data-label={t('table.status')}>
        {kunde.status.map((status) => PORTFOLIO_STATUS_LABELS[status]).join(', ')}
      </td>
      <td data-label={t('table.beitrag')} className={styles.number}>
        <Cents cents={kunde.jahresbeitragCents} />
      </td>
      <td data-label={t('table.hinweise')}>
        {kunde.ueberfaellig || kunde.offeneAufgabe ? (
          <span className={styles.badges}>
            {kunde.ueberfaellig ? (
              <span className={styles.badgeNegative}>{t('table.ueberfaellig')}</span>
            ) : null}
            {kunde.offeneAufgabe ? (
              <span className={styles.badgeWarning}>{t('table.offeneAufgabe')}</span>
            ) : null}
          </span>
        ) : (
          <span className={styles.muted}>{t('table.keineHinweise')}</span>
        )}
      </td>
      <td data-label={t('table.vermittler')}>{kunde.vermittler.map((agent) => agent.name).join(', ')}</td>
    </tr>
  );
}

function CustomerTable({ page }: { page: PortfolioPage }) {
  const { t } = useTranslation(NS);
  return (
    // Scrolls sideways at mid widths; below 768 px each row is a card (portfolio.module.css).
    <div className={styles.tableScroll} role="region" aria-labelledby="kundenbestand-tabelle" tabIndex={0}>
      <table className={styles.table}>
        <caption id="kundenbestand-tabelle" className={styles.caption}>
          {t('table.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('table.kunde')}</th>
            <th scope="col">{t('table.ort')}</th>
            <th scope="col">{t('table.vertraege')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col" className={styles.number}>
              {t('table.beitrag')}
            </th>
            <th scope="col">{t('table.hinweise')}</th>
            <th scope="col">{t('table.vermittler')}</th>
          </tr>
        </thead>
        <tbody>
          {page.kunden.map((kunde) => (
            <CustomerRow key={kunde.partnerNummer} kunde={kunde} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Downloads({ filters, isEmpty }: { filters: PortfolioFilters; isEmpty: boolean }) {
  const { t } = useTranslation(NS);
  const download = usePortfolioDownload();
  const start = (format: PortfolioFormat) => download.mutate({ filters, format });
  return (
    <section className={styles.downloads} aria-labelledby="bestand-herunterladen">
      <h2 id="bestand-herunterladen" className={styles.sectionHeadline}>
        {t('download.headline')}
      </h2>
      <p className={styles.muted}>{t('download.description')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" isDisabled={isEmpty || download.isPending} onPress={() => start('xlsx')}>
          {t('download.xlsx')}
        </Button>
        <Button variant="secondary" isDisabled={isEmpty || download.isPending} onPress={() => start('csv')}>
          {t('download.csv')}
        </Button>
      </div>
      {download.isPending ? <Loading label={t('download.pending')} /> : null}
      {download.isError ? (
        <p className={styles.error} role="alert">
          {apiErrorMessage(download.error) ?? t('download.failed')}
        </p>
      ) : null}
    </section>
  );
}

/** /vermittler/kundenbestand/: the agent's customers with search, filters, sorting, paging and download. */
export function PortfolioPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('title', { brand: useBrandName() }));
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const portfolio = usePortfolio(filters);
  const [suche, setSuche] = useState(filters.suche);
  const [shownSuche, setShownSuche] = useState(filters.suche);
  // Back and forward change the URL's search: the field follows it.
  if (shownSuche !== filters.suche) {
    setShownSuche(filters.suche);
    setSuche(filters.suche);
  }

  /** A new URL query for changed filters; every change but paging starts at page 1. */
  const update = (change: Partial<PortfolioFilters>) => {
    const next = { ...filters, seite: 1, ...change };
    setParams(filterQuery(next));
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ suche });
  };

  const agents = portfolio.data?.vermittler ?? [];
  const page = portfolio.data;
  const pages = page ? Math.max(1, Math.ceil(page.gesamt / page.proSeite)) : 1;

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('headline')}</h1>
      <p>{t('intro')}</p>

      <form className={styles.search} role="search" onSubmit={submitSearch}>
        <TextInput
          label={t('search.label')}
          description={t('search.description')}
          type="search"
          value={suche}
          onChange={setSuche}
          maxLength={PORTFOLIO_SUCHE_MAX}
          className={styles.searchField}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>

      <fieldset className={styles.filters}>
        <legend className={styles.legend}>{t('filters.legend')}</legend>
        <Select
          label={t('filters.produkt')}
          isRequired
          options={[
            { value: 'alle', label: t('filters.allProducts') },
            ...PORTFOLIO_PRODUKTE.map((value) => ({ value, label: PORTFOLIO_PRODUKT_LABELS[value] })),
          ]}
          value={filters.produkt || 'alle'}
          onChange={(value) =>
            update({ produkt: value && value !== 'alle' ? (value as PortfolioFilters['produkt']) : '' })
          }
        />
        <Select
          label={t('filters.status')}
          isRequired
          options={[
            { value: 'alle', label: t('filters.allStatus') },
            ...PORTFOLIO_STATUS.map((value) => ({ value, label: PORTFOLIO_STATUS_LABELS[value] })),
          ]}
          value={filters.status || 'alle'}
          onChange={(value) =>
            update({ status: value && value !== 'alle' ? (value as PortfolioFilters['status']) : '' })
          }
        />
        {agents.length > 1 ? (
          <Select
            label={t('filters.vermittler')}
            isRequired
            options={[
              { value: 'alle', label: t('filters.allVermittler') },
              ...agents.map((agent) => ({
                value: agent.vermittlerNummer,
                label: agent.eigene ? t('filters.ownVermittler', { name: agent.name }) : agent.name,
              })),
            ]}
            value={filters.untervermittler || 'alle'}
            onChange={(value) => update({ untervermittler: value && value !== 'alle' ? value : '' })}
          />
        ) : null}
        <Select
          label={t('filters.sortierung')}
          isRequired
          options={PORTFOLIO_SORTIERUNGEN.map((value) => ({ value, label: t(`sort.${value}`) }))}
          value={filters.sortierung}
          onChange={(value) => update({ sortierung: (value ?? 'name') as PortfolioFilters['sortierung'] })}
        />
        <div className={styles.checks}>
          <Checkbox
            label={t('filters.ueberfaellig')}
            value={filters.ueberfaellig}
            onChange={(ueberfaellig) => update({ ueberfaellig })}
          />
          <Checkbox
            label={t('filters.offeneAufgabe')}
            value={filters.offeneAufgabe}
            onChange={(offeneAufgabe) => update({ offeneAufgabe })}
          />
        </div>
        {isFiltered(filters) ? (
          <Button variant="secondary" onPress={() => setParams({})}>
            {t('filters.reset')}
          </Button>
        ) : null}
      </fieldset>

      {portfolio.isPending ? (
        <Loading label={t('loading')} isBlock />
      ) : portfolio.isError ? (
        <EmptyState
          preset="error"
          {...(apiErrorMessage(portfolio.error) ? { description: apiErrorMessage(portfolio.error) } : {})}
          action={
            <Button variant="secondary" onPress={() => void portfolio.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      ) : page && page.gesamt === 0 ? (
        isFiltered(filters) ? (
          <EmptyState
            title={t('noMatches.title')}
            description={t('noMatches.description')}
            headingLevel={2}
            action={
              <Button variant="secondary" onPress={() => setParams({})}>
                {t('filters.reset')}
              </Button>
            }
          />
        ) : (
          <EmptyState preset="noCustomers" headingLevel={2} />
        )
      ) : page ? (
        <section className={styles.results} aria-busy={portfolio.isFetching}>
          <p className={styles.count} aria-live="polite">
            {t('count', { count: page.gesamt })}
            {portfolio.isPlaceholderData ? <Loading label={t('updating')} size="s" /> : null}
          </p>
          <CustomerTable page={page} />
          {pages > 1 ? (
            <Pagination page={filters.seite} total={pages} onPageChange={(seite) => update({ seite })} />
          ) : null}
        </section>
      ) : null}

      {page ? <Downloads filters={filters} isEmpty={page.gesamt === 0} /> : null}
    </div>
  );
}
