import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import {
  apiFieldErrors,
  apiMessage,
  useAgentTree,
  useAttachAgent,
  useDeactivateAgent,
  useReactivateAgent,
  type TreeAgent,
} from './api';
import styles from './agent-admin.module.css';

function AgentRow({
  agent,
  onDeactivate,
  onReactivate,
  isReactivating,
}: {
  agent: TreeAgent;
  onDeactivate: (agent: TreeAgent) => void;
  onReactivate: (agent: TreeAgent) => void;
  isReactivating: boolean;
}) {
  const { t } = useTranslation('agent-admin');
  return (
    <li className={styles.treeItem} style={{ marginInlineStart: `${Math.min(agent.ebene - 1, 4) * 1.5}rem` }}>
      <div className={styles.treeMain}>
        <span className={styles.treeName}>{agent.name}</span>
        <span className={styles.treeMeta}>
          {t('subAgents.number', { nummer: agent.vermittlerNummer })} ·{' '}
          {t('subAgents.customers', { count: agent.anzahlKunden })} ·{' '}
          {t('subAgents.level', { level: agent.ebene })}
        </span>
        <span className={styles.treeMeta}>{agent.email}</span>
      </div>
      <div className={styles.actions}>
        <span className={styles.status}>{t(`subAgents.status.${agent.status}`)}</span>
        {agent.status === 'AKTIV' ? (
          <Button
            variant="secondary"
            size="s"
            aria-label={t('subAgents.deactivateLabel', { name: agent.name })}
            onPress={() => onDeactivate(agent)}
          >
            {t('subAgents.deactivate')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="s"
            aria-label={t('subAgents.reactivateLabel', { name: agent.name })}
            isPending={isReactivating}
            onPress={() => onReactivate(agent)}
          >
            {t('subAgents.reactivate')}
          </Button>
        )}
      </div>
    </li>
  );
}

function AttachForm() {
  const { t } = useTranslation('agent-admin');
  const attach = useAttachAgent();
  const [vermittlerNummer, setNummer] = useState('');
  const [email, setEmail] = useState('');
  const fields = apiFieldErrors(attach.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    attach.mutate({ vermittlerNummer: vermittlerNummer.trim(), email: email.trim() });
  };
  return (
    <section className={styles.section} aria-labelledby="attach-headline">
      <h2 id="attach-headline" className={styles.sectionHeadline}>
        {t('subAgents.attachHeadline')}
      </h2>
      <p className={styles.hint}>{t('subAgents.attachIntro')}</p>
      {attach.isSuccess ? <InfoBox headline={t('subAgents.attached', { name: attach.data.name })} /> : null}
      {attach.isError && Object.keys(fields).length === 0 ? (
        <InfoBox variant="error">
          <p>{apiMessage(attach.error) ?? t('common.saveFailed')}</p>
        </InfoBox>
      ) : null}
      <form className={styles.form} noValidate onSubmit={submit}>
        <div className={styles.row}>
          <TextInput
            label={t('subAgents.attachNumber')}
            value={vermittlerNummer}
            onChange={setNummer}
            inputMode="numeric"
            maxLength={10}
            isRequired
            errorMessage={fields.vermittlerNummer}
          />
          <TextInput
            label={t('subAgents.attachEmail')}
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="off"
            isRequired
            errorMessage={fields.email}
          />
        </div>
        <div>
          <Button type="submit" variant="secondary" isPending={attach.isPending}>
            {t('subAgents.attachSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /vermittler/untervermittler/: the agents below the signed-in agent, deactivate, attach. */
export function SubAgentsPage() {
  const { t } = useTranslation('agent-admin');
  useDocumentTitle(t('subAgents.title', { brand: useBrandName() }));
  const tree = useAgentTree();
  const deactivate = useDeactivateAgent();
  const reactivate = useReactivateAgent();
  const [chosen, setChosen] = useState<TreeAgent | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = () => {
    if (!chosen) return;
    deactivate.mutate(chosen.id, {
      onSuccess: (agent) => {
        setDone(t('subAgents.deactivated', { name: agent.name }));
        setChosen(null);
      },
    });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('subAgents.headline')}</h1>
      <p>{t('subAgents.intro')}</p>
      <div className={styles.actions}>
        <ButtonLink href="/vermittler/untervermittler/anlegen/">{t('subAgents.create')}</ButtonLink>
      </div>
      {done ? <InfoBox headline={done} /> : null}
      {reactivate.isError ? (
        <InfoBox variant="error">
          <p>{apiMessage(reactivate.error) ?? t('subAgents.reactivateFailed')}</p>
        </InfoBox>
      ) : null}
      {tree.isPending ? <Loading label={t('common.loading')} /> : null}
      {tree.isError ? <EmptyState preset="error" description={t('common.loadFailed')} /> : null}
      {tree.isSuccess && tree.data.untervermittler.length === 0 ? (
        <EmptyState
          preset="noEmployees"
          action={
            <ButtonLink href="/vermittler/untervermittler/anlegen/">{t('subAgents.create')}</ButtonLink>
          }
        />
      ) : null}
      {tree.isSuccess && tree.data.untervermittler.length > 0 ? (
        <ul className={styles.tree} aria-label={t('subAgents.headline')}>
          {tree.data.untervermittler.map((agent) => (
            <AgentRow
              key={agent.id}
              agent={agent}
              onDeactivate={setChosen}
              onReactivate={(chosenAgent) =>
                reactivate.mutate(chosenAgent.id, {
                  onSuccess: (result) => setDone(t('subAgents.reactivated', { name: result.name })),
                })
              }
              isReactivating={reactivate.isPending && reactivate.variables === agent.id}
            />
          ))}
        </ul>
      ) : null}
      <AttachForm />
      <Modal
        isOpen={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        title={t('subAgents.deactivateTitle', { name: chosen?.name ?? '' })}
        role="alertdialog"
        confirmLabel={t('subAgents.deactivateConfirm')}
        onConfirm={confirm}
        isConfirmPending={deactivate.isPending}
      >
        <p>{t('subAgents.deactivateText', { name: chosen?.name ?? '' })}</p>
        {deactivate.isError ? (
          <p role="alert">{apiMessage(deactivate.error) ?? t('subAgents.deactivateFailed')}</p>
        ) : null}
      </Modal>
    </div>
  );
}
