import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { embed, embedUrl } from '@schirm/embed/host';
import type { EmbedConfig } from './snippets';
import styles from './quickstart.module.css';

function optionsOf(config: EmbedConfig, portalOrigin: string) {
  return {
    origin: portalOrigin,
    partner: config.partner,
    channel: config.channel,
    ...(config.channel === 'kunden' ? {} : { product: config.product }),
    ...(config.brand ? { brand: config.brand } : {}),
    ...(config.vermittlernummer && config.channel !== 'kunden'
      ? { vermittlernummer: config.vermittlernummer }
      : {}),
  };
}

/**
 * The configured iframe, live: the portal frames itself here (frame-ancestors 'self'), through the
 * same SDK a partner loads, so what is shown is what the snippet does. The customer area needs the
 * partner's server (token exchange) and is explained instead.
 */
export function Preview({
  config,
  portalOrigin,
  title,
}: {
  config: EmbedConfig;
  portalOrigin: string;
  title: string;
}) {
  const { t } = useTranslation('quickstart');
  const container = useRef<HTMLDivElement>(null);
  const isCustomerArea = config.channel === 'kunden';
  const options = optionsOf(config, portalOrigin);
  const key = embedUrl(options);
  const frameTitle = t('configurator.previewTitle', { name: title });

  useEffect(() => {
    const element = container.current;
    if (!element || isCustomerArea) return undefined;
    // The configurator passes only valid values, so embed() has nothing to refuse here.
    const handle = embed(element, { ...options, title: frameTitle });
    return () => handle.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address (key) covers every option; options is a new object each render
  }, [key, frameTitle, isCustomerArea]);

  return (
    <>
      <p className={styles.hint}>
        {isCustomerArea ? t('configurator.previewCustomerArea') : t('configurator.previewHint')}
      </p>
      <p className={styles.address}>
        {t('configurator.address')}: <code>{key}</code>
      </p>
      <div ref={container} className={styles.frame} data-testid="vorschau" />
    </>
  );
}
