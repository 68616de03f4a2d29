import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@schirm/domain/format/date';
import { RequestError } from '../../lib/query-client';
import { Button } from '../../ui/button';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { apiMessage } from './api';
import {
  looksPrivate,
  useAddExtranetKey,
  useExtranetKeys,
  useRevokeExtranetKey,
  type ExtranetKey,
} from './extranet-keys-api';
import styles from './agent-admin.module.css';
import own from './extranet-keys.module.css';

/*
 * The section 'Schlüssel für Ihre Maklersoftware' of the agency page (issue 16, ADR 0036): the
 * head of the agency lists, adds (PEM or JWK pasted, with a label) and revokes the Ed25519 public
 * keys its broker software signs extranet and Maklerpost requests with. A sub-agent reads why it
 * cannot, as the API allows only the head of the agency.
 */

const NS = 'agent-admin';
const LABEL_MAX = 80;

function KeyItem({ item, onRevoke }: { item: ExtranetKey; onRevoke: (key: ExtranetKey) => void }) {
  const { t } = useTranslation(NS);
  const name = item.bezeichnung ?? t('extranetKeys.unnamed');
  return (
    <li className={own.key}>
      <h3 className={own.keyName}>
        {name}
        {item.widerrufenAm ? <span className={own.revoked}> · {t('extranetKeys.revoked')}</span> : null}
      </h3>
      <dl className={styles.values}>
        <dt>{t('extranetKeys.fingerprint')}</dt>
        <dd className={own.fingerprint}>{item.kid}</dd>
        <dt>{t('extranetKeys.created')}</dt>
        <dd>{formatDateTime(item.erstelltAm)}</dd>
        <dt>{t('extranetKeys.lastLink')}</dt>
        <dd>{item.letzterLinkAm ? formatDateTime(item.letzterLinkAm) : t('extranetKeys.neverUsed')}</dd>
        {item.widerrufenAm ? (
          <>
            <dt>{t('extranetKeys.revokedAt')}</dt>
            <dd>{formatDateTime(item.widerrufenAm)}</dd>
          </>
        ) : null}
      </dl>
      {item.widerrufenAm ? null : (
        <div>
          <Button variant="secondary" onPress={() => onRevoke(item)}>
            {t('extranetKeys.revoke', { name })}
          </Button>
        </div>
      )}
    </li>
  );
}

function AddKeyForm() {
  const { t } = useTranslation(NS);
  const add = useAddExtranetKey();
  const [label, setLabel] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ label?: string; key?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { label?: string; key?: string } = {};
    if (label.trim() === '') found.label = t('extranetKeys.labelRequired');
    if (text.trim() === '') found.key = t('extranetKeys.keyRequired');
    else if (looksPrivate(text)) found.key = t('extranetKeys.keyPrivate');
    setErrors(found);
    if (found.label || found.key) return;
    add.mutate(
      { schluessel: text.trim(), bezeichnung: label.trim() },
      {
        onSuccess: () => {
          setLabel('');
          setText('');
        },
      },
    );
  };
  // A refused key (422) belongs to the key field; anything else is said above the form.
  const status = add.error instanceof RequestError ? add.error.errorStatus : undefined;
  const keyError = errors.key ?? (status === 422 ? apiMessage(add.error) : undefined);
  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="extranet-keys-add">
      <h3 id="extranet-keys-add" className={own.keyName}>
        {t('extranetKeys.addHeadline')}
      </h3>
      {add.isSuccess ? <InfoBox headline={t('extranetKeys.added')} /> : null}
      {add.isError && status !== 422 ? (
        <InfoBox variant="error">
          <p>{apiMessage(add.error) ?? t('extranetKeys.addFailed')}</p>
        </InfoBox>
      ) : null}
      <TextInput
        label={t('extranetKeys.label')}
        description={t('extranetKeys.labelHint')}
        value={label}
        onChange={(value) => {
          setLabel(value);
          setErrors((current) => ({ ...current, label: undefined }));
        }}
        maxLength={LABEL_MAX}
        isRequired
        errorMessage={errors.label}
      />
      <Textarea
        label={t('extranetKeys.key')}
        description={t('extranetKeys.keyHint')}
        placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
        value={text}
        onChange={(value) => {
          setText(value);
          setErrors((current) => ({ ...current, key: undefined }));
          if (add.isError) add.reset();
        }}
        rows={5}
        maxLength={10_000}
        isRequired
        errorMessage={keyError}
      />
      <div>
        <Button type="submit" isPending={add.isPending}>
          {t('extranetKeys.add')}
        </Button>
      </div>
    </form>
  );
}

function RevokeDialog({ item, onClose }: { item: ExtranetKey | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const revoke = useRevokeExtranetKey();
  const name = item?.bezeichnung ?? t('extranetKeys.unnamed');
  return (
    <Modal
      isOpen={item !== null}
      onOpenChange={(open) => {
        if (!open) {
          revoke.reset();
          onClose();
        }
      }}
      title={t('extranetKeys.revokeTitle')}
      role="alertdialog"
      confirmLabel={t('extranetKeys.revokeConfirm')}
      cancelLabel={t('extranetKeys.revokeCancel')}
      isConfirmPending={revoke.isPending}
      onConfirm={() => {
        if (item) revoke.mutate(item.kid, { onSuccess: onClose });
      }}
    >
      <p>{t('extranetKeys.revokeText', { name })}</p>
      {revoke.isError ? (
        <p role="alert" className={own.error}>
          {apiMessage(revoke.error) ?? t('extranetKeys.revokeFailed')}
        </p>
      ) : null}
    </Modal>
  );
}

/** The agency's keys: only its head manages them; a sub-agent is told whom to ask. */
export function ExtranetKeysSection({
  isAgencyHead,
  hauptagentur,
}: {
  isAgencyHead: boolean;
  hauptagentur: { name: string; vermittlerNummer: string } | null;
}) {
  const { t } = useTranslation(NS);
  const keys = useExtranetKeys(isAgencyHead);
  const [revoking, setRevoking] = useState<ExtranetKey | null>(null);
  const active = keys.data?.filter((item) => !item.widerrufenAm) ?? [];
  return (
    <section className={styles.section} aria-labelledby="extranet-keys-headline">
      <h2 id="extranet-keys-headline" className={styles.sectionHeadline}>
        {t('extranetKeys.headline')}
      </h2>
      <p className={styles.hint}>{t('extranetKeys.intro')}</p>
      {!isAgencyHead ? (
        <InfoBox variant="info" headline={t('extranetKeys.headOnlyTitle')}>
          <p>
            {hauptagentur
              ? t('extranetKeys.headOnly', {
                  name: hauptagentur.name,
                  nummer: hauptagentur.vermittlerNummer,
                })
              : t('extranetKeys.headOnlyUnnamed')}
          </p>
        </InfoBox>
      ) : (
        <>
          {keys.isPending ? <Loading label={t('common.loading')} /> : null}
          {keys.isError ? (
            <p className={styles.hint}>{apiMessage(keys.error) ?? t('extranetKeys.loadFailed')}</p>
          ) : null}
          {keys.isSuccess && keys.data.length === 0 ? (
            <p className={styles.hint}>{t('extranetKeys.none')}</p>
          ) : null}
          {keys.isSuccess && keys.data.length > 0 ? (
            <ul className={own.keys} aria-label={t('extranetKeys.listLabel')}>
              {keys.data.map((item) => (
                <KeyItem key={item.kid} item={item} onRevoke={setRevoking} />
              ))}
            </ul>
          ) : null}
          {keys.isSuccess && active.length >= 5 ? (
            <p className={styles.hint}>{t('extranetKeys.limit')}</p>
          ) : null}
          {keys.isSuccess ? <AddKeyForm /> : null}
          <RevokeDialog item={revoking} onClose={() => setRevoking(null)} />
        </>
      )}
    </section>
  );
}
