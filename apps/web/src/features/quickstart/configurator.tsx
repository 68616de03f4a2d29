import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERMITTLER_NUMMER_PATTERN } from '@schirm/domain/validation/identifiers';
import { EMBED_CHANNELS, EMBED_PRODUCTS, PARTNER_BRANDS, type EmbedChannel } from '../../lib/embed-options';
import { CopyButton } from '../../ui/copy-button';
import { RadioGroup } from '../../ui/forms/radio-group';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { Preview } from './preview';
import { buildSnippets, type EmbedConfig } from './snippets';
import styles from './quickstart.module.css';

const PARTNER_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const NO_BRAND = 'keine';

export const DEFAULT_CONFIG: EmbedConfig = {
  partner: 'radhaus-mueller',
  channel: 'antrag',
  product: 'fahrrad',
  brand: '',
  vermittlernummer: '',
};

function hasAdvice(product: string): boolean {
  return EMBED_PRODUCTS.some((candidate) => candidate.slug === product && candidate.advice);
}

/**
 * Product, channel, brand, broker and partner key → the snippet in both variants (copy buttons)
 * and the live preview beside it. Typed values count once they are valid; until then code and
 * preview keep the last valid choice and the field says what is wrong.
 */
export function Configurator({ portalOrigin }: { portalOrigin: string }) {
  const { t } = useTranslation('quickstart');
  const [config, setConfig] = useState<EmbedConfig>(DEFAULT_CONFIG);
  const [partnerText, setPartnerText] = useState(DEFAULT_CONFIG.partner);
  const [brokerText, setBrokerText] = useState(DEFAULT_CONFIG.vermittlernummer);
  const partnerValid = PARTNER_KEY.test(partnerText.trim());
  const brokerValid = brokerText.trim() === '' || VERMITTLER_NUMMER_PATTERN.test(brokerText.trim());
  const snippets = buildSnippets(config, portalOrigin);
  const productName = EMBED_PRODUCTS.find((product) => product.slug === config.product)?.name ?? '';

  function update(next: Partial<EmbedConfig>) {
    setConfig((current) => ({ ...current, ...next }));
  }

  const channelOptions = EMBED_CHANNELS.map((channel) => ({
    value: channel,
    label: t(`configurator.channels.${channel}`),
    description: t(`configurator.channelHints.${channel}`),
    isDisabled: channel === 'beratung' && !hasAdvice(config.product),
  }));
  const productOptions = EMBED_PRODUCTS.map((product) => ({
    value: product.slug,
    label: product.name,
    isDisabled: config.channel === 'beratung' && !product.advice,
  }));
  const brandOptions = [
    { value: NO_BRAND, label: t('configurator.brandNone') },
    ...(config.channel === 'kunden'
      ? []
      : [{ value: config.product, label: t('configurator.brandProduct', { name: productName }) }]),
    ...PARTNER_BRANDS.map((brand) => ({ value: brand, label: t(`configurator.brandNames.${brand}`) })),
  ];

  return (
    <div className={styles.configurator}>
      <form className={styles.choices} onSubmit={(event) => event.preventDefault()} noValidate>
        <RadioGroup
          label={t('configurator.channel')}
          isRequired
          options={channelOptions}
          value={config.channel}
          onChange={(channel) => update({ channel: channel as EmbedChannel })}
        />
        {config.channel === 'kunden' ? null : (
          <Select
            label={t('configurator.product')}
            isRequired
            options={productOptions}
            value={config.product}
            description={hasAdvice(config.product) ? undefined : t('configurator.noAdvice')}
            onChange={(product) => {
              if (!product) return;
              // A product's own brand follows the product.
              update({ product, ...(config.brand === config.product ? { brand: product } : {}) });
            }}
          />
        )}
        <Select
          label={t('configurator.brand')}
          isRequired
          options={brandOptions}
          value={config.brand === '' ? NO_BRAND : config.brand}
          onChange={(brand) => update({ brand: !brand || brand === NO_BRAND ? '' : brand })}
        />
        {config.channel === 'kunden' ? null : (
          <TextInput
            label={t('configurator.broker')}
            description={t('configurator.brokerHint')}
            inputMode="numeric"
            maxLength={10}
            value={brokerText}
            onChange={(value) => {
              setBrokerText(value);
              const trimmed = value.trim();
              if (trimmed === '' || VERMITTLER_NUMMER_PATTERN.test(trimmed))
                update({ vermittlernummer: trimmed });
            }}
            {...(brokerValid
              ? {}
              : { errorMessage: `${t('configurator.brokerInvalid')} ${t('configurator.unchanged')}` })}
          />
        )}
        <TextInput
          label={t('configurator.partner')}
          description={t('configurator.partnerHint')}
          isRequired
          maxLength={50}
          autoComplete="off"
          value={partnerText}
          onChange={(value) => {
            setPartnerText(value);
            if (PARTNER_KEY.test(value.trim())) update({ partner: value.trim() });
          }}
          {...(partnerValid
            ? {}
            : { errorMessage: `${t('configurator.partnerInvalid')} ${t('configurator.unchanged')}` })}
        />
      </form>
      <div className={styles.output}>
        <section aria-labelledby="ihr-code" className={styles.code}>
          <h3 id="ihr-code" className={styles.subHeadline}>
            {t('configurator.codeHeadline')}
          </h3>
          <Snippet
            variant={t('configurator.scriptVariant')}
            hint={t('configurator.scriptHint')}
            code={snippets.script}
          />
          <Snippet
            variant={t('configurator.moduleVariant')}
            hint={t('configurator.moduleHint')}
            code={snippets.module}
          />
        </section>
        <section aria-labelledby="vorschau" className={styles.preview}>
          <h3 id="vorschau" className={styles.subHeadline}>
            {t('configurator.previewHeadline')}
          </h3>
          <Preview config={config} portalOrigin={portalOrigin} title={productName} />
        </section>
      </div>
    </div>
  );
}

function Snippet({ variant, hint, code }: { variant: string; hint: string; code: string }) {
  const { t } = useTranslation('quickstart');
  return (
    <figure className={styles.snippet}>
      <figcaption>
        <strong>{variant}</strong> – {hint}
      </figcaption>
      <pre className={styles.pre} aria-label={t('configurator.codeLabel', { variant })}>
        <code>{code}</code>
      </pre>
      <CopyButton
        text={code}
        label={t('configurator.copy')}
        copied={t('configurator.copied')}
        failed={t('configurator.copyFailed')}
      />
    </figure>
  );
}
