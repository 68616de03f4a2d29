// The variant step (spec §3/§4 product display): the comparison table of the product's variants
// with the live price of each for the payment period chosen, the recommended variant marked, and
// the choice itself. The price follows every answer that changes the pricing request; while a
// price is calculating the choice is locked; a newer request cancels the one in flight. A refused
// risk leads to /antrag/sorry/ with the tariff's reason.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { pruneAnswers } from '@schirm/domain/application/navigation';
import type { ApplicationContext, ProductApplication } from '@schirm/domain/application/product-application';
import type { Flow } from '@schirm/domain/application/flow';
import { ZAHLWEISE_LABELS } from '@schirm/domain/application/common-steps';
import { formatCents } from '@schirm/domain/format/money';
import { PRICING_ZAHLWEISEN, type PricingZahlweise } from '@schirm/domain/products/enums';
import { RadioGroup } from '../../ui/forms/radio-group';
import { InfoBox } from '../../ui/info-box';
import { PriceDisplay } from '../../ui/price-display';
import { ProductComparison } from '../../ui/product-comparison';
import type { FeatureRow } from '../../ui/product-display-types';
import { VariantOptions } from '../../ui/variant-options';
import { fetchPrices, type PricingAnswer, type QuotePremium, type QuoteVariant } from './application-api';
import { wizardBaseRoute } from './application-route';
import { saveOutcome } from './wizard-storage';
import styles from './application.module.css';

type Quote = Extract<PricingAnswer, { kind: 'quote' }>;

interface PricingState {
  quote?: Quote;
  isCalculating: boolean;
  failed: boolean;
}

/**
 * Prices every variant for the answers so far; undefined body (a price question open) asks nothing.
 * Each new body aborts the request before it (the request helper also cancels per URL). While the
 * answer for the current body is outstanding the state says calculating.
 */
export function useLivePrices(
  app: ProductApplication,
  body: Record<string, unknown> | undefined,
  onUninsurable: (reason: string) => void,
): PricingState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key?: string; quote?: Quote; failed: boolean }>({ failed: false });
  const key = body === undefined ? undefined : `${attempt}:${JSON.stringify(body)}`;

  useEffect(() => {
    if (key === undefined || body === undefined) return;
    const controller = new AbortController();
    void fetchPrices(app.pricingPath, body, controller.signal).then((result) => {
      if (controller.signal.aborted || (result.ok && result.canceled)) return;
      if (!result.ok) {
        setSettled((previous) => ({ ...previous, key, failed: true }));
        return;
      }
      if (result.data.kind === 'uninsurable') {
        onUninsurable(result.data.reason);
        return;
      }
      setSettled({ key, quote: result.data, failed: false });
    });
    return () => controller.abort();
    // The body is what the key names; onUninsurable is the latest render's, called when its answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the request body; onUninsurable is read at answer time
  }, [app.pricingPath, key]);

  const isCalculating = key !== undefined && settled.key !== key;
  return {
    ...(settled.quote ? { quote: settled.quote } : {}),
    isCalculating,
    failed: !isCalculating && key !== undefined && settled.failed,
    retry: () => setAttempt((value) => value + 1),
  };
}

function premiumFor(variant: QuoteVariant | undefined, zahlweise: string): QuotePremium | undefined {
  return (
    variant?.premiums.find((premium) => premium.zahlweise === zahlweise) ??
    variant?.premiums.find((premium) => premium.zahlweise === 'EINMALIG')
  );
}

const PERIOD_WORDS: Readonly<Record<string, string>> = ZAHLWEISE_LABELS;

/** '12,34 EUR monatlich'; `once` names a single premium ('einmalig', from the application texts). */
export function premiumText(cents: number, zahlweise: string, once: string): string {
  return `${formatCents(cents)} ${(zahlweise === 'EINMALIG' ? once : PERIOD_WORDS[zahlweise]) ?? ''}`.trim();
}

/** premiumText with the application texts' word for a single premium. */
export function usePremiumText(): (cents: number, zahlweise: string) => string {
  const { t } = useTranslation('application');
  const once = t('variants.once');
  return useCallback((cents, zahlweise) => premiumText(cents, zahlweise, once), [once]);
}

export interface VariantStepProps {
  app: ProductApplication;
  flow: Flow;
  context: ApplicationContext;
  answers: FlowAnswers;
  /** The variant field's key on this page. */
  fieldKey: string;
  label: string;
  value: string | undefined;
  onChange: (variant: string) => void;
  errorMessage: string | undefined;
  /** The step the sorry page leads back to (where the answers can be changed). */
  stepId: string;
  /** The payment period answered so far (on the step that asks for it), if any. */
  chosenZahlweise?: unknown;
  /** Takes the payment period chosen here over to the step that asks for it (when the flow has one). */
  onZahlweise?: (zahlweise: PricingZahlweise) => void;
}

export function VariantStep({
  app,
  flow,
  context,
  answers,
  fieldKey,
  label,
  value,
  onChange,
  errorMessage,
  stepId,
  chosenZahlweise,
  onZahlweise,
}: VariantStepProps) {
  const { t } = useTranslation('application');
  const premiumText = usePremiumText();
  const navigate = useNavigate();
  const comparison = useMemo(() => app.comparison(context), [app, context]);
  // The period the person chose (here or on the start step) shows; else monthly.
  const [shownZahlweise, setShownZahlweise] = useState<PricingZahlweise>('MONATLICH');
  const zahlweise = (PRICING_ZAHLWEISEN as readonly unknown[]).includes(chosenZahlweise)
    ? (chosenZahlweise as PricingZahlweise)
    : shownZahlweise;
  const body = useMemo(() => app.pricingRequest(pruneAnswers(flow, answers, 'antrag')), [app, flow, answers]);
  const pricing = useLivePrices(app, body, (reason) => {
    saveOutcome({
      kind: 'sorry',
      slug: app.slug,
      productName: app.name,
      baseRoute: wizardBaseRoute(app),
      stepId,
      reason,
    });
    void navigate('/antrag/sorry/');
  });

  const variantById = new Map(
    (pricing.quote?.variants ?? []).map((variant) => [variant.deckungsVarianteIdentifier, variant]),
  );
  const isSinglePremium = pricing.quote?.variants.every((variant) =>
    variant.premiums.every((premium) => premium.zahlweise === 'EINMALIG'),
  );
  const priceRow: FeatureRow | undefined = pricing.quote
    ? {
        label: t('variants.premium'),
        description: t('variants.premiumDescription'),
        variantOptionRelation: Object.fromEntries(
          comparison.variants.map((variant) => {
            const premium = premiumFor(variantById.get(variant.value), zahlweise);
            return [
              variant.value,
              pricing.isCalculating
                ? { included: true, text: t('variants.calculating') }
                : premium
                  ? { included: true, text: premiumText(premium.bruttoCents, premium.zahlweise) }
                  : { included: true, text: t('variants.afterChoice') },
            ];
          }),
        ),
      }
    : undefined;
  const chosenPremium = value ? premiumFor(variantById.get(value), zahlweise) : undefined;

  return (
    <div className={styles.variantStep}>
      {body === undefined ? (
        <InfoBox variant="info" headline={t('variants.noPremiumHeadline')}>
          {t('variants.noPremium')}
        </InfoBox>
      ) : null}
      {pricing.failed ? (
        <InfoBox variant="error" headline={t('variants.failedHeadline')}>
          <span>{`${t('variants.failed')} `}</span>
          <button type="button" className={styles.inlineAction} onClick={pricing.retry}>
            {t('variants.retry')}
          </button>
        </InfoBox>
      ) : null}
      {!isSinglePremium ? (
        <RadioGroup
          label={t('variants.zahlweise')}
          description={t('variants.zahlweiseHint')}
          isRequired
          options={PRICING_ZAHLWEISEN.map((period) => ({ value: period, label: ZAHLWEISE_LABELS[period] }))}
          value={zahlweise}
          onChange={(next) => {
            setShownZahlweise(next as PricingZahlweise);
            onZahlweise?.(next as PricingZahlweise);
          }}
        />
      ) : null}
      {pricing.quote?.fahrzeug ? (
        <p className={styles.intro}>
          {t('variants.vehicle', { ...pricing.quote.fahrzeug })}
          {pricing.quote.region ? t('variants.region', { region: pricing.quote.region }) : ''}
        </p>
      ) : null}
      <ProductComparison
        caption={t('variants.comparison')}
        variants={comparison.variants}
        features={[...(priceRow ? [priceRow] : []), ...comparison.features]}
      />
      <VariantOptions
        label={label}
        options={comparison.variants}
        value={value ?? null}
        onChange={onChange}
        isCalculating={pricing.isCalculating}
      />
      {errorMessage ? (
        <p role="alert" className={styles.error} id={`${fieldKey}-error`}>
          {errorMessage}
        </p>
      ) : null}
      <PriceDisplay
        isCalculating={pricing.isCalculating}
        {...(chosenPremium
          ? {
              price: {
                proportionalFee: chosenPremium.bruttoCents / 100,
                paymentPeriod: chosenPremium.zahlweise,
              },
            }
          : {})}
      />
    </div>
  );
}

/**
 * The premium of the chosen variant on the steps after the variant step (until the offer shows it):
 * it follows the payment period as soon as it is chosen.
 */
export function PriceSummary({
  app,
  flow,
  answers,
  stepId,
  chosenZahlweise,
}: {
  app: ProductApplication;
  flow: Flow;
  answers: FlowAnswers;
  stepId: string;
  /** The payment period answered so far, if any (monthly is shown until then). */
  chosenZahlweise?: unknown;
}) {
  const { t } = useTranslation('application');
  const navigate = useNavigate();
  const variantField = flow.steps
    .find((step) => step.id === app.variantStep)
    ?.fields?.find((field) => field.kind === 'variants');
  const variant = variantField ? answers[app.variantStep]?.[variantField.key] : undefined;
  const body = useMemo(() => app.pricingRequest(pruneAnswers(flow, answers, 'antrag')), [app, flow, answers]);
  const pricing = useLivePrices(app, typeof variant === 'string' ? body : undefined, (reason) => {
    saveOutcome({
      kind: 'sorry',
      slug: app.slug,
      productName: app.name,
      baseRoute: wizardBaseRoute(app),
      stepId,
      reason,
    });
    void navigate('/antrag/sorry/');
  });
  if (typeof variant !== 'string' || body === undefined) return null;
  const quoted = pricing.quote?.variants.find((entry) => entry.deckungsVarianteIdentifier === variant);
  const premium = premiumFor(quoted, typeof chosenZahlweise === 'string' ? chosenZahlweise : 'MONATLICH');
  // The individual package is priced with its covers once they are chosen (the offer shows it).
  if (!pricing.isCalculating && !premium) return null;
  return (
    <section className={styles.priceSummary} aria-label={t('variants.summaryLabel')}>
      <p className={styles.priceSummaryTitle}>
        {quoted
          ? t('variants.summaryTitleVariant', { variant: quoted.deckungsVarianteName })
          : t('variants.summaryTitle')}
      </p>
      <PriceDisplay
        isCalculating={pricing.isCalculating}
        {...(premium
          ? { price: { proportionalFee: premium.bruttoCents / 100, paymentPeriod: premium.zahlweise } }
          : {})}
      />
    </section>
  );
}
