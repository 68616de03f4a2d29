// /schaden-melden/ (issue 14 part 2, spec §2 'for claimants'): a claim reported without an account,
// by a third party or a customer who is not signed in. First the contract number with the
// policyholder's postcode or e-mail as the check, the product and the claimant's own data and role;
// then the product's claim questions (the same flow as in the portal), the documents with uploads
// under the report's anonymous upload key, and the send. The answer is one neutral text that never
// says whether a contract exists or matched (the server answers 202 alike).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { Field } from '@schirm/domain/application/fields';
import { optionsOf } from '@schirm/domain/application/fields';
import { findStep, type Flow, type PageAnswers } from '@schirm/domain/application/flow';
import { isStepDone, progress, pruneAnswers } from '@schirm/domain/application/navigation';
import { pageErrors } from '@schirm/domain/application/submission';
import { initialWizardState, reduceWizard, type WizardState } from '@schirm/domain/application/wizard-state';
import { createClaimFlow } from '@schirm/domain/claims/flows';
import {
  CLAIM_PRODUCT_INFO,
  CLAIM_PRODUCTS,
  isClaimProduct,
  type ClaimProduct,
} from '@schirm/domain/claims/products';
import { addYears, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { emailSchema } from '@schirm/domain/validation/email';
import { optionalPhoneSchema } from '@schirm/domain/validation/phone';
import { isPostalCodePattern, POSTAL_CODE_MESSAGE } from '@schirm/domain/validation/postal-code';
import { VERSICHERUNGS_NUMMER_PATTERN } from '@schirm/domain/validation/identifiers';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { ClaimChecklist } from './claim-checklist';
import { errorsOfStep } from './step-errors';
import { submitPublicClaim, type PublicClaimant } from './claims-api';
import { byStep, errorEnvelope } from './server-errors';
import type { ReportUpload } from './use-claim-wizard';
import { useWizardParts, type SharedUploadKey } from './wizard-parts';
import styles from './claims.module.css';

/** The claimant's role towards the contract. */
export const MELDER_ROLLEN = {
  VERSICHERUNGSNEHMER: 'Versicherungsnehmerin oder Versicherungsnehmer',
  GESCHAEDIGTER: 'Geschädigte Person',
  SONSTIGE: 'Andere Person (z. B. mitversichert, bevollmächtigt oder Zeugin/Zeuge)',
} as const;

export const PUBLIC_TEXTS = {
  vertragsnummer: 'Bitte geben Sie die Versicherungsnummer mit 9 oder 10 Ziffern an.',
  pruefung: 'Bitte wählen Sie, womit Sie den Vertrag bestätigen.',
  produkt: 'Bitte wählen Sie die Versicherung.',
  rolle: 'Bitte wählen Sie, in welcher Rolle Sie den Schaden melden.',
  name: 'Bitte geben Sie Ihren Namen an.',
  confirmation:
    'Vielen Dank für Ihre Meldung. Wenn Ihre Angaben zu einem unserer Verträge passen, bearbeiten wir den Schaden und melden uns bei Ihnen unter der angegebenen E-Mail-Adresse. Bitte bewahren Sie Ihre Unterlagen bis dahin auf.',
  failed:
    'Ihre Meldung konnte gerade nicht gesendet werden. Bitte versuchen Sie es in einigen Minuten noch einmal.',
} as const;

const START = 'start';

const startSchema = z
  .object({
    vertragsnummer: z
      .string({ error: PUBLIC_TEXTS.vertragsnummer })
      .trim()
      .regex(VERSICHERUNGS_NUMMER_PATTERN, { error: PUBLIC_TEXTS.vertragsnummer }),
    pruefungArt: z.enum(['PLZ', 'EMAIL'], { error: PUBLIC_TEXTS.pruefung }),
    plz: z.string().optional(),
    vnEmail: z.string().optional(),
    produkt: z.enum(CLAIM_PRODUCTS, { error: PUBLIC_TEXTS.produkt }),
    rolle: z.enum(Object.keys(MELDER_ROLLEN) as [keyof typeof MELDER_ROLLEN], { error: PUBLIC_TEXTS.rolle }),
    name: z
      .string({ error: PUBLIC_TEXTS.name })
      .trim()
      .min(1, { error: PUBLIC_TEXTS.name })
      .max(200, { error: 'Bitte geben Sie Ihren Namen mit höchstens 200 Zeichen an.' }),
    email: emailSchema,
    telefon: optionalPhoneSchema({ mobileRequired: false }).optional(),
  })
  .superRefine((value, context) => {
    if (value.pruefungArt === 'PLZ' && !isPostalCodePattern(value.plz ?? '')) {
      context.addIssue({ code: 'custom', path: ['plz'], message: POSTAL_CODE_MESSAGE });
    }
    if (value.pruefungArt === 'EMAIL' && !emailSchema.safeParse(value.vnEmail ?? '').success) {
      context.addIssue({
        code: 'custom',
        path: ['vnEmail'],
        message:
          'Bitte geben Sie die E-Mail-Adresse der Versicherungsnehmerin oder des Versicherungsnehmers an.',
      });
    }
  });

const startFields: Field[] = [
  {
    key: 'vertragsnummer',
    kind: 'text',
    label: 'Versicherungsnummer',
    hint: 'Sie steht auf dem Versicherungsschein, 9 oder 10 Ziffern.',
    maxLength: 10,
  },
  {
    key: 'pruefungArt',
    kind: 'radio',
    label: 'Womit bestätigen Sie den Vertrag?',
    options: optionsOf({
      PLZ: 'Postleitzahl der Versicherungsnehmerin oder des Versicherungsnehmers',
      EMAIL: 'E-Mail-Adresse der Versicherungsnehmerin oder des Versicherungsnehmers',
    }),
  },
  { key: 'plz', kind: 'plz', label: 'Postleitzahl', visibleWhen: { key: 'pruefungArt', in: ['PLZ'] } },
  {
    key: 'vnEmail',
    kind: 'email',
    label: 'E-Mail-Adresse der Versicherungsnehmerin oder des Versicherungsnehmers',
    visibleWhen: { key: 'pruefungArt', in: ['EMAIL'] },
  },
  {
    key: 'produkt',
    kind: 'select',
    label: 'Versicherung',
    options: CLAIM_PRODUCTS.map((produkt) => ({ value: produkt, label: CLAIM_PRODUCT_INFO[produkt].name })),
  },
  { key: 'rolle', kind: 'radio', label: 'Sie melden den Schaden als', options: optionsOf(MELDER_ROLLEN) },
  {
    key: 'name',
    kind: 'text',
    label: 'Ihr Name',
    hint: 'Vor- und Nachname oder Firma.',
    autoComplete: 'name',
    maxLength: 200,
  },
  { key: 'email', kind: 'email', label: 'Ihre E-Mail-Adresse', autoComplete: 'email' },
  {
    key: 'telefon',
    kind: 'tel',
    label: 'Ihre Telefonnummer',
    optional: true,
    hint: 'Im internationalen Format, z. B. +49 30 1234567.',
  },
];

function startErrors(values: PageAnswers): Record<string, string> {
  const parsed = startSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** What the page keeps in this tab (a reload keeps the answers and the uploads). */
interface StoredPublicClaim {
  version: 1;
  start: PageAnswers;
  page: string;
  wizard?: WizardState;
  uploads: ReportUpload[];
  uploadSchluessel?: string;
  sent?: boolean;
  /** The server's neutral answer (the same whether or not a contract matched). */
  answer?: string;
}

const STORAGE_KEY = 'schirm.schaden.oeffentlich';

function load(): StoredPublicClaim {
  try {
    const text = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    const stored = text ? (JSON.parse(text) as StoredPublicClaim) : undefined;
    if (stored?.version === 1) return stored;
  } catch {
    // Nothing stored.
  }
  return { version: 1, start: {}, page: START, uploads: [] };
}

function save(stored: StoredPublicClaim): void {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Without storage the answers live as long as the page.
  }
}

/** How far back the day of a publicly reported loss may lie (the server's public flow, claims service). */
const PUBLIC_EARLIEST_YEARS = 30;

/**
 * The flow of a public report: the contract's start is not known to the claimant (and must not be
 * revealed), so the day of the loss may lie up to 30 years back, as the server's public flow
 * allows; the matching job checks it against the contract. Health questions need the consent of a signed-in customer, which a public report
 * does not have.
 */
export function publicClaimFlow(produkt: ClaimProduct): Flow {
  const today = todayInGermany();
  return createClaimFlow(produkt, {
    today,
    vertragsbeginn: addYears(today, -PUBLIC_EARLIEST_YEARS),
    gesundheitsEinwilligung: false,
  });
}

export function PublicClaimPage() {
  useDocumentTitle('Schaden melden');
  const [stored, setStored] = useState<StoredPublicClaim>(load);
  const latest = useRef(stored);
  const update = (change: (current: StoredPublicClaim) => StoredPublicClaim) => {
    const next = change(latest.current);
    latest.current = next;
    save(next);
    setStored(next);
  };
  const produkt = isClaimProduct(stored.start.produkt) ? stored.start.produkt : undefined;
  const flow = produkt ? publicClaimFlow(produkt) : undefined;

  if (stored.sent) {
    return (
      <div className={styles.page}>
        <h1 className={styles.headline}>Ihre Meldung ist bei uns eingegangen</h1>
        <p role="status">{stored.answer ?? PUBLIC_TEXTS.confirmation}</p>
        <div>
          <Button
            variant="secondary"
            onPress={() => update(() => ({ version: 1, start: {}, page: START, uploads: [] }))}
          >
            Einen weiteren Schaden melden
          </Button>
        </div>
      </div>
    );
  }
  if (stored.page === START || !flow || !stored.wizard || !produkt) {
    return (
      <StartPage
        values={stored.start}
        onChange={(values) => update((current) => ({ ...current, start: values }))}
        onNext={() => {
          const chosen = latest.current.start.produkt as ClaimProduct;
          const chosenFlow = publicClaimFlow(chosen);
          update((current) => {
            const keep = current.wizard && current.wizard.productKey === chosenFlow.productKey;
            const wizard =
              keep && current.wizard
                ? current.wizard
                : initialWizardState(chosenFlow, {
                    productName: CLAIM_PRODUCT_INFO[chosen].name,
                    productKey: chosenFlow.productKey,
                    channel: 'antrag',
                    baseRoute: '/schaden-melden',
                  });
            return { ...current, wizard, page: wizard.currentStep, ...(keep ? {} : { uploads: [] }) };
          });
        }}
      />
    );
  }
  return (
    <PublicStep
      key={stored.page}
      flow={flow}
      produkt={produkt}
      stored={stored}
      update={update}
      latest={() => latest.current}
    />
  );
}

function StartPage({
  values,
  onChange,
  onNext,
}: {
  values: PageAnswers;
  onChange: (values: PageAnswers) => void;
  onNext: () => void;
}) {
  const { PageFields } = useWizardParts();
  const [showErrors, setShowErrors] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const errors = showErrors ? startErrors(values) : {};
  const count = Object.keys(errors).length;
  return (
    <div className={styles.page}>
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        aria-labelledby="oeffentlich-titel"
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(startErrors(values)).length > 0) {
            setShowErrors(true);
            setRefusals((value) => value + 1);
            return;
          }
          setShowErrors(false);
          onNext();
        }}
      >
        <h1 id="oeffentlich-titel" ref={headingRef} tabIndex={-1} className={styles.headline}>
          Schaden melden
        </h1>
        <p>
          Melden Sie einen Schaden zu einem unserer Verträge, auch ohne Zugang zum Kundenportal – zum Beispiel
          als geschädigte Person. Kundinnen und Kunden können sich auch anmelden und den Schaden im
          Kundenportal melden.
        </p>
        {count > 0 ? (
          <InfoBox variant="error" headline="Bitte prüfen Sie Ihre Angaben">
            {count === 1
              ? 'Eine Angabe fehlt oder ist nicht korrekt.'
              : `${count} Angaben fehlen oder sind nicht korrekt.`}
          </InfoBox>
        ) : null}
        <PageFields
          fields={startFields}
          values={values}
          onChange={(change) => onChange(change(values))}
          errors={errors}
        />
        <div className={styles.actions}>
          <Button type="submit">Weiter</Button>
        </div>
      </form>
    </div>
  );
}

function PublicStep({
  flow,
  produkt,
  stored,
  update,
  latest,
}: {
  flow: Flow;
  produkt: ClaimProduct;
  stored: StoredPublicClaim;
  update: (change: (current: StoredPublicClaim) => StoredPublicClaim) => void;
  latest: () => StoredPublicClaim;
}) {
  const { PageFields } = useWizardParts();
  // One anonymous upload key for all files of the report, kept with it over a reload.
  const keyHandlers = useRef({ update, latest });
  useLayoutEffect(() => {
    keyHandlers.current = { update, latest };
  });
  const [uploadKey] = useState<SharedUploadKey>(() => ({
    get: () => keyHandlers.current.latest().uploadSchluessel,
    set: (uploadSchluessel) => keyHandlers.current.update((current) => ({ ...current, uploadSchluessel })),
  }));
  const state = stored.wizard!;
  const step = findStep(flow, stored.page) ?? findStep(flow, state.currentStep)!;
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const isRunning = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  useDocumentTitle(`${step.title} – Schaden melden`);
  const place = progress(flow, state.answers, 'antrag', step.id);
  const isLast = state.steps[state.steps.length - 1] === step.id;
  const page = state.answers[step.id] ?? {};
  const errors = {
    ...serverErrors,
    ...(showErrors ? errorsOfStep(pageErrors(step, state.answers), step.id) : {}),
  };
  const count = Object.keys(errors).length;

  const setWizard = (wizard: WizardState) => update((current) => ({ ...current, wizard }));
  const goTo = (stepId: string) => update((current) => ({ ...current, page: stepId }));

  async function send() {
    if (isRunning.current) return;
    isRunning.current = true;
    setSending(true);
    setFailure(undefined);
    const current = latest();
    const start = current.start;
    const result = await submitPublicClaim({
      vertragsnummer: String(start.vertragsnummer).trim(),
      pruefung:
        start.pruefungArt === 'PLZ' ? { plz: String(start.plz) } : { email: String(start.vnEmail).trim() },
      melder: {
        rolle: start.rolle as PublicClaimant['rolle'],
        name: String(start.name).trim(),
        email: String(start.email).trim(),
        ...(typeof start.telefon === 'string' && start.telefon ? { telefon: start.telefon } : {}),
      },
      produkt,
      antworten: pruneAnswers(flow, current.wizard!.answers, 'antrag'),
      uploads: current.uploads.map((upload) => ({ uploadId: upload.uploadId })),
      ...(current.uploadSchluessel ? { uploadSchluessel: current.uploadSchluessel } : {}),
    });
    isRunning.current = false;
    setSending(false);
    if (result.ok && result.canceled) return;
    if (result.ok) {
      update(() => ({
        version: 1,
        start: {},
        page: START,
        uploads: [],
        sent: true,
        answer: result.data.nachricht,
      }));
      return;
    }
    const envelope = errorEnvelope(result);
    if (result.errorStatus === 422 && envelope.fieldErrors.length > 0) {
      const refused = byStep(envelope.fieldErrors);
      const first = state.steps.find((id) => refused.some((error) => error.stepId === id));
      if (first && first !== step.id) goTo(first);
      else setServerErrors(errorsOfStep(refused, step.id));
      setFailure(envelope.message ?? 'Bitte prüfen Sie Ihre Angaben.');
      return;
    }
    setFailure(
      typeof result.errorStatus === 'number' && result.errorStatus < 500 && envelope.message
        ? envelope.message
        : PUBLIC_TEXTS.failed,
    );
  }

  function next() {
    if (!isStepDone(step, latest().wizard!.answers)) {
      setShowErrors(true);
      setRefusals((value) => value + 1);
      return;
    }
    setShowErrors(false);
    if (isLast) {
      void send();
      return;
    }
    const outcome = reduceWizard(flow, { ...latest().wizard!, currentStep: step.id }, { type: 'next' });
    if (outcome.ok) {
      setWizard(outcome.state);
      goTo(outcome.state.currentStep);
    }
  }

  function back() {
    const index = state.steps.indexOf(step.id);
    goTo(index > 0 ? state.steps[index - 1]! : START);
  }

  return (
    <div className={styles.page}>
      <p className={styles.product}>{`Schaden melden: ${CLAIM_PRODUCT_INFO[produkt].name}`}</p>
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        aria-labelledby={`step-heading-${step.id}`}
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        {place ? (
          <p className={styles.progress}>{`Schritt ${place.index + 1} von ${place.count + 1}`}</p>
        ) : null}
        <h1 id={`step-heading-${step.id}`} ref={headingRef} tabIndex={-1} className={styles.stepHeadline}>
          {step.title}
        </h1>
        {step.intro ? <p className={styles.intro}>{step.intro}</p> : null}
        {count > 0 ? (
          <InfoBox variant="error" headline="Bitte prüfen Sie Ihre Angaben">
            {count === 1
              ? 'Eine Angabe fehlt oder ist nicht korrekt.'
              : `${count} Angaben fehlen oder sind nicht korrekt.`}
          </InfoBox>
        ) : null}
        {isLast ? (
          <ClaimChecklist
            produkt={produkt}
            answers={pruneAnswers(flow, state.answers, 'antrag')}
            uploads={stored.uploads}
            onUploadsChange={(change) =>
              update((current) => ({ ...current, uploads: change(current.uploads) }))
            }
            uploadKey={uploadKey}
          />
        ) : null}
        <PageFields
          fields={step.fields ?? []}
          values={page}
          onChange={(change) => {
            setServerErrors({});
            const wizard = latest().wizard!;
            const outcome = reduceWizard(flow, wizard, {
              type: 'answer',
              stepId: step.id,
              values: change(wizard.answers[step.id] ?? {}),
            });
            if (outcome.ok) setWizard(outcome.state);
          }}
          errors={errors}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onPress={back} isDisabled={isSending}>
            Zurück
          </Button>
          <Button type="submit" isPending={isSending}>
            {isLast ? 'Schaden melden' : 'Weiter'}
          </Button>
        </div>
        {isSending ? (
          <p role="status" className={styles.hint}>
            Ihre Meldung wird gesendet …
          </p>
        ) : null}
        {failure ? (
          <InfoBox variant="error" headline="Ihre Meldung wurde nicht gesendet">
            {failure}
          </InfoBox>
        ) : null}
      </form>
    </div>
  );
}
