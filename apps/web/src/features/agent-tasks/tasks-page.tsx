// /vermittler/aktivitaeten/ (issue 15, ADR 0033): the agent's open activities, the tasks of spec §3
// of the contracts it looks after (and those of its sub-agents), by due day, with customer and a link
// to the contract. Filters (status, type, overdue) live in the URL query; the list opens on the open
// tasks. Each open task can be marked Erledigt or Storniert; the result is announced.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { TASK_STATUS, TASK_TYPEN } from '@schirm/domain/products/enums';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Checkbox } from '../../ui/forms/checkbox';
import { Select } from '../../ui/forms/select';
import { Loading } from '../../ui/loading';
import { Pagination } from '../../ui/pagination';
import {
  filterFromSearch,
  filterToSearch,
  isFiltered,
  useAufgaben,
  useCloseAufgabe,
  type Aufgabe,
  type AufgabenFilter,
} from './agent-tasks-api';
import styles from './agent-tasks.module.css';

const NS = 'agent-tasks';

function TaskRow({
  aufgabe,
  close,
  isBusy,
}: {
  aufgabe: Aufgabe;
  close: (aufgabe: Aufgabe, status: 'Erledigt' | 'Storniert') => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation(NS);
  const typ = t(`tasks.typ.${aufgabe.typ}`);
  return (
    <tr>
      <th scope="row" data-label={t('tasks.table.faellig')}>
        <span className={styles.strong}>{formatDate(aufgabe.faelligAm)}</span>
        {aufgabe.ueberfaellig ? (
          <span className={styles.badges}>
            <span className={styles.badgeNegative}>{t('tasks.table.ueberfaellig')}</span>
          </span>
        ) : null}
      </th>
      <td data-label={t('tasks.table.typ')}>
        {typ}
        <span className={styles.muted}>
          {t('tasks.table.erstelltAm', { date: formatDate(aufgabe.erstelltAm) })}
        </span>
      </td>
      <td data-label={t('tasks.table.kunde')}>
        {aufgabe.partnerNummer ? (
          <Link to={`/vermittler/kunde/${aufgabe.partnerNummer}/`}>{aufgabe.kundenname}</Link>
        ) : (
          aufgabe.kundenname
        )}
        {aufgabe.partnerNummer ? (
          <span className={styles.muted}>
            {t('tasks.table.partnerNummer', { nummer: aufgabe.partnerNummer })}
          </span>
        ) : null}
      </td>
      <td data-label={t('tasks.table.vertrag')}>
        <Link to={`/vermittler/vertraege/details/${aufgabe.vertragsnummer}/`}>{aufgabe.vertragsnummer}</Link>
      </td>
      <td data-label={t('tasks.table.status')}>
        {t(`tasks.status.${aufgabe.status}`)}
        {aufgabe.erledigtAm ? (
          <span className={styles.muted}>
            {t('tasks.table.erledigtAm', { date: formatDate(aufgabe.erledigtAm) })}
          </span>
        ) : null}
      </td>
      <td data-label={t('tasks.table.aktion')}>
        {aufgabe.status === 'Offen' ? (
          <span className={styles.actions}>
            <Button
              variant="secondary"
              isDisabled={isBusy}
              aria-label={t('tasks.doneLabel', { typ, vertrag: aufgabe.vertragsnummer })}
              onPress={() => close(aufgabe, 'Erledigt')}
            >
              {t('tasks.done')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={isBusy}
              aria-label={t('tasks.cancelLabel', { typ, vertrag: aufgabe.vertragsnummer })}
              onPress={() => close(aufgabe, 'Storniert')}
            >
              {t('tasks.cancel')}
            </Button>
          </span>
        ) : (
          <span className={styles.muted}>{t('tasks.table.keineAktion')}</span>
        )}
      </td>
    </tr>
  );
}

/** /vermittler/aktivitaeten/: tasks by due day with filters, closing and the spec's empty state. */
export function AgentTasksPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('tasks.title', { brand: useBrandName() }));
  const [params, setParams] = useSearchParams();
  const filter = filterFromSearch(params);
  const list = useAufgaben(filter);
  const closing = useCloseAufgabe();
  const [announcement, setAnnouncement] = useState('');

  const update = (change: Partial<AufgabenFilter>) =>
    setParams(filterToSearch({ ...filter, seite: 1, ...change }));
  const close = (aufgabe: Aufgabe, status: 'Erledigt' | 'Storniert') => {
    setAnnouncement('');
    closing.mutate(
      { id: aufgabe.id, status },
      {
        onSuccess: () =>
          setAnnouncement(
            t('tasks.closed', { vertrag: aufgabe.vertragsnummer, status: t(`tasks.status.${status}`) }),
          ),
      },
    );
  };

  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.gesamt / page.proSeite)) : 1;
  const reset = () => setParams({});

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('tasks.headline')}</h1>
      <p>{t('tasks.intro')}</p>

      <fieldset className={styles.filters}>
        <legend className={styles.legend}>{t('tasks.filters.legend')}</legend>
        <Select
          label={t('tasks.filters.status')}
          isRequired
          options={[
            { value: 'alle', label: t('tasks.filters.allStatus') },
            ...TASK_STATUS.map((value) => ({ value, label: t(`tasks.status.${value}`) })),
          ]}
          value={filter.status || 'alle'}
          onChange={(value) =>
            update({ status: value && value !== 'alle' ? (value as AufgabenFilter['status']) : '' })
          }
        />
        <Select
          label={t('tasks.filters.typ')}
          isRequired
          options={[
            { value: 'alle', label: t('tasks.filters.allTypes') },
            ...TASK_TYPEN.map((value) => ({ value, label: t(`tasks.typ.${value}`) })),
          ]}
          value={filter.typ || 'alle'}
          onChange={(value) =>
            update({ typ: value && value !== 'alle' ? (value as AufgabenFilter['typ']) : '' })
          }
        />
        <div className={styles.checks}>
          <Checkbox
            label={t('tasks.filters.ueberfaellig')}
            value={filter.ueberfaellig}
            onChange={(ueberfaellig) => update({ ueberfaellig })}
          />
        </div>
        {isFiltered(filter) ? (
          <Button variant="secondary" onPress={reset}>
            {t('tasks.filters.reset')}
          </Button>
        ) : null}
      </fieldset>

      <p className={styles.count} role="status">
        {announcement}
      </p>
      {closing.isError ? (
        <p className={styles.error} role="alert">
          {apiErrorMessage(closing.error) ?? t('tasks.closeFailed')}
        </p>
      ) : null}

      {list.isPending ? (
        <Loading label={t('tasks.loading')} isBlock />
      ) : list.isError ? (
        <EmptyState
          preset="error"
          {...(apiErrorMessage(list.error) ? { description: apiErrorMessage(list.error) } : {})}
          action={
            <Button variant="secondary" onPress={() => void list.refetch()}>
              {t('tasks.retry')}
            </Button>
          }
        />
      ) : page && page.gesamt === 0 ? (
        isFiltered(filter) ? (
          <EmptyState
            title={t('tasks.noMatches.title')}
            description={t('tasks.noMatches.description')}
            headingLevel={2}
            action={
              <Button variant="secondary" onPress={reset}>
                {t('tasks.filters.reset')}
              </Button>
            }
          />
        ) : (
          <EmptyState preset="noOpenActivities" headingLevel={2} />
        )
      ) : page ? (
        <section className={styles.results} aria-busy={list.isFetching}>
          <p className={styles.count}>
            {t('tasks.count', { count: page.gesamt })}
            {list.isPlaceholderData ? <Loading label={t('tasks.updating')} size="s" /> : null}
          </p>
          <div
            className={styles.tableScroll}
            role="region"
            aria-labelledby="aktivitaeten-tabelle"
            tabIndex={0}
          >
            <table className={styles.table}>
              <caption id="aktivitaeten-tabelle" className={styles.caption}>
                {t('tasks.table.caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('tasks.table.faellig')}</th>
                  <th scope="col">{t('tasks.table.typ')}</th>
                  <th scope="col">{t('tasks.table.kunde')}</th>
                  <th scope="col">{t('tasks.table.vertrag')}</th>
                  <th scope="col">{t('tasks.table.status')}</th>
                  <th scope="col">{t('tasks.table.aktion')}</th>
                </tr>
              </thead>
              <tbody>
                {page.aufgaben.map((aufgabe) => (
                  <TaskRow key={aufgabe.id} aufgabe={aufgabe} close={close} isBusy={closing.isPending} />
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <Pagination page={filter.seite} total={pages} onPageChange={(seite) => update({ seite })} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
