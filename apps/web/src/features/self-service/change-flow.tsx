// The two steps of every self-service change (spec §4): the page's form asks for the new value,
// 'Neuen Beitrag berechnen' shows the new premium and the effective date without saving anything,
// and only 'Änderung verbindlich speichern' saves it as a pending change. A save the server refuses
// because the contract or the premium changed meanwhile (409) offers to calculate again.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/forms/checkbox';
import { InfoBox } from '../../ui/info-box';
import {
  changeFailure,
  usePreviewChange,
  useSaveChange,
  type ChangeBody,
  type ChangePreview,
  type SelfServiceContract,
} from './api/self-service-api';
import { PlannedChangeList } from './planned-change-list';
import { PreviewSummary } from './preview-summary';
import { useScopeText, useSelfServiceScope } from './self-service-scope';
import styles from './self-service.module.css';

export interface ChangeFormProps<B extends ChangeBody> {
  /** Sends the request body of the change to the preview. */
  submit: (body: B) => void;
  /** The body of the last calculation, to fill the form again after 'Angaben ändern'. */
  initial?: B;
  isPending: boolean;
  /** The server's field messages by path (e.g. 'iban', 'risikoOrt.plz'). */
  fieldErrors: Readonly<Record<string, string>>;
}

export interface ChangeFlowProps<B extends ChangeBody> {
  contract: SelfServiceContract;
  /** Path of the change call below /api/vertrag/vertrag, e.g. 'beitrag/zahlweise'. */
  endpoint: string;
  renderForm: (props: ChangeFormProps<B>) => ReactNode;
  /** One line naming the new value for step two, e.g. 'Neue Zahlweise: jährlich'. */
  describe: (body: B) => ReactNode;
  /** What the page shows beyond the premium: below the preview, and on the done screen with the saved answer. */
  renderDetails?: (answer: ChangePreview, step: 'preview' | 'done') => ReactNode;
}

type Step<B> =
  | { step: 'form' }
  | { step: 'preview'; body: B; preview: ChangePreview }
  | { step: 'done'; body: B; saved: ChangePreview };

function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // A new step moves the focus to its heading, so screen readers announce where the person is.
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className={styles.stepHeading}>
      {children}
    </h2>
  );
}

export function ChangeFlow<B extends ChangeBody>({
  contract,
  endpoint,
  renderForm,
  describe,
  renderDetails,
}: ChangeFlowProps<B>) {
  const { t } = useTranslation('self-service');
  const as = useScopeText();
  const scope = useSelfServiceScope();
  const number = contract.versicherungsNummer;
  const [state, setState] = useState<Step<B>>({ step: 'form' });
  const [lastBody, setLastBody] = useState<B | undefined>(undefined);
  const preview = usePreviewChange(endpoint, number);
  const save = useSaveChange(endpoint, number);
  // Replacing a pending change is a choice the customer confirms on every new calculation.
  const [confirmed, setConfirmed] = useState(false);
  const [confirmMissing, setConfirmMissing] = useState(false);

  const calculate = (body: B) => {
    setLastBody(body);
    save.reset();
    setConfirmed(false);
    setConfirmMissing(false);
    preview.mutate(body, {
      onSuccess: (result) => {
        if (result.fehlermeldung === undefined) setState({ step: 'preview', body, preview: result });
      },
    });
  };

  if (state.step === 'done') {
    const { saved } = state;
    const later = saved.wirksamkeitsdatum > todayInGermany();
    if (saved.ruecknahme) {
      return (
        <section aria-labelledby="change-done">
          <StepHeading>
            <span id="change-done">{t('done.headline', as)}</span>
          </StepHeading>
          <InfoBox variant="info" headline={t('done.withdrawn')}>
            <p>{t('done.withdrawnText', as)}</p>
            {saved.neuerBeitrag ? (
              <p>
                {t('done.newPremium', {
                  ...as,
                  amount: formatMoney(saved.neuerBeitrag.beitragProPeriode),
                  period: t(`zahlweise.${saved.neuerBeitrag.zahlweise}`),
                })}
              </p>
            ) : null}
          </InfoBox>
          <p>
            <Link to={scope.contractPath(number)}>{t('done.toContract', as)}</Link>
          </p>
        </section>
      );
    }
    return (
      <section aria-labelledby="change-done">
        <StepHeading>
          <span id="change-done">{t('done.headline', as)}</span>
        </StepHeading>
        <InfoBox variant="info" headline={later ? t('done.pending') : t('done.immediate')}>
          <p>{describe(state.body)}</p>
          <p>
            {later
              ? t('done.pendingText', { ...as, date: formatDate(saved.wirksamkeitsdatum) })
              : t('done.immediateText', as)}
          </p>
          {saved.neuerBeitrag ? (
            <p>
              {t('done.newPremium', {
                ...as,
                amount: formatMoney(saved.neuerBeitrag.beitragProPeriode),
                period: t(`zahlweise.${saved.neuerBeitrag.zahlweise}`),
              })}
            </p>
          ) : null}
        </InfoBox>
        {renderDetails?.(saved, 'done')}
        <p>
          <Link to={scope.contractPath(number)}>{t('done.toContract', as)}</Link>
        </p>
      </section>
    );
  }

  if (state.step === 'preview') {
    const failure = save.isError ? changeFailure(save.error) : undefined;
    const outdated = failure?.status === 409;
    const replaced = state.preview.ersetzteVormerkungen;
    const needsConfirmation = replaced.length > 0 && !state.preview.ruecknahme;
    return (
      <section aria-labelledby="change-preview">
        <StepHeading>
          <span id="change-preview">{t('preview.headline')}</span>
        </StepHeading>
        <p>{describe(state.body)}</p>
        {state.preview.ruecknahme ? (
          <InfoBox variant="info" headline={t('preview.withdrawalTitle')}>
            <p>{t('preview.withdrawalText')}</p>
            <PlannedChangeList changes={replaced} />
          </InfoBox>
        ) : null}
        <PreviewSummary preview={state.preview} />
        {needsConfirmation ? (
          <InfoBox variant="warning" headline={t('preview.replacedTitle')}>
            <p>{t('preview.replacedText', as)}</p>
            <PlannedChangeList changes={replaced} />
            <div className={styles.confirm}>
              <Checkbox
                label={t('preview.replacedConfirm', as)}
                value={confirmed}
                onChange={(value) => {
                  setConfirmed(value);
                  if (value) setConfirmMissing(false);
                }}
                isRequired
                {...(confirmMissing ? { errorMessage: t('preview.replacedRequired') } : {})}
              />
            </div>
          </InfoBox>
        ) : null}
        {renderDetails?.(state.preview, 'preview')}
        <p className={styles.hint}>
          {state.preview.wirksamkeitsdatum > todayInGermany()
            ? t('preview.hint', as)
            : t('preview.hintImmediate', as)}
        </p>
        {failure ? (
          <InfoBox variant="error" headline={outdated ? t('errors.outdatedTitle') : t('errors.saveTitle')}>
            <p>{failure.message ?? t('errors.generic', as)}</p>
          </InfoBox>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => setState({ step: 'form' })} isDisabled={save.isPending}>
            {t('preview.back')}
          </Button>
          {outdated ? (
            <Button isPending={preview.isPending} onPress={() => calculate(state.body)}>
              {t('preview.recalculate')}
            </Button>
          ) : (
            <Button
              isPending={save.isPending}
              onPress={() => {
                if (needsConfirmation && !confirmed) {
                  setConfirmMissing(true);
                  return;
                }
                save.mutate(
                  {
                    body: state.body,
                    preview: state.preview,
                    vormerkungenErsetzen: needsConfirmation && confirmed,
                  },
                  { onSuccess: (saved) => setState({ step: 'done', body: state.body, saved }) },
                );
              }}
            >
              {t('preview.save')}
            </Button>
          )}
        </div>
      </section>
    );
  }

  const failure = preview.isError ? changeFailure(preview.error) : undefined;
  const fieldErrors = Object.fromEntries((failure?.fieldErrors ?? []).map((e) => [e.path, e.message]));
  return (
    <section aria-labelledby="change-form">
      <h2 id="change-form" className={styles.stepHeading}>
        {t('form.headline', as)}
      </h2>
      {failure && failure.fieldErrors.length === 0 ? (
        <InfoBox variant="error" headline={t('errors.previewTitle')}>
          <p>{failure.message ?? t('errors.generic', as)}</p>
        </InfoBox>
      ) : null}
      {preview.data?.fehlermeldung ? (
        <InfoBox variant="warning" headline={t('errors.notInsurableTitle')}>
          <p>{preview.data.fehlermeldung}</p>
        </InfoBox>
      ) : null}
      {renderForm({
        submit: calculate,
        ...(lastBody === undefined ? {} : { initial: lastBody }),
        isPending: preview.isPending,
        fieldErrors,
      })}
    </section>
  );
}
