import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURE_LIST_COLLAPSED_ROWS, visibleFeatureRows } from './feature-list';
import { FeatureRelation } from './feature-relation';
import { HelpButton } from './help-button';
import type { FeatureRow, ProductVariantOption } from './product-display-types';
import { ShowMoreToggle } from './show-more-toggle';
import styles from './product-comparison.module.css';

export interface ProductComparisonProps {
  /** Visible caption naming the table, e.g. 'Tarife im Vergleich'. */
  caption: string;
  variants: readonly ProductVariantOption[];
  features: readonly FeatureRow[];
  className?: string;
}

/**
 * Variants side by side: a real table (caption, column and row headers with scope), so screen readers
 * read each cell with its feature and variant. Narrow screens scroll it sideways inside a focusable region.
 */
export function ProductComparison({ caption, variants, features, className }: ProductComparisonProps) {
  const { t } = useTranslation('ui');
  const captionId = useId();
  const bodyId = useId();
  const [isExpanded, setExpanded] = useState(false);

  return (
    <div className={[styles.comparison, className].filter(Boolean).join(' ')}>
      <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId} className={styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.corner}>
                {t('comparison.featureColumn')}
              </th>
              {variants.map((variant) => (
                <th
                  key={variant.value}
                  scope="col"
                  className={[styles.columnHead, variant.recommended ? styles.recommendedHead : undefined]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <span className={styles.variantName}>{variant.label}</span>
                  {variant.recommended ? (
                    <span className={styles.badge}>{t('variantOptions.recommended')}</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody id={bodyId}>
            {visibleFeatureRows(features, isExpanded).map((feature) => (
              <tr key={feature.label}>
                <th scope="row" className={styles.rowHead}>
                  <span className={styles.rowLabel}>
                    {feature.label}
                    {feature.helpText ? (
                      <HelpButton topic={feature.label}>{feature.helpText}</HelpButton>
                    ) : null}
                  </span>
                  {feature.description ? (
                    <span className={styles.description}>{feature.description}</span>
                  ) : null}
                </th>
                {variants.map((variant) => (
                  <td key={variant.value} className={styles.cell}>
                    <FeatureRelation relation={feature.variantOptionRelation[variant.value]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {features.length > FEATURE_LIST_COLLAPSED_ROWS ? (
        <ShowMoreToggle
          isExpanded={isExpanded}
          onToggle={() => setExpanded((value) => !value)}
          controls={bodyId}
        />
      ) : null}
    </div>
  );
}
