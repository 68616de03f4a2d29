import { useId, useState } from 'react';
import { FeatureRelation } from './feature-relation';
import { HelpButton } from './help-button';
import type { FeatureRow } from './product-display-types';
import { ShowMoreToggle } from './show-more-toggle';
import styles from './feature-list.module.css';

/** Spec §9: the feature list shows 5 rows before 'Mehr anzeigen'. */
export const FEATURE_LIST_COLLAPSED_ROWS = 5;

/** The rows to show: all when expanded or when there are no more than the limit. */
export function visibleFeatureRows<T>(rows: readonly T[], isExpanded: boolean): readonly T[] {
  return isExpanded ? rows : rows.slice(0, FEATURE_LIST_COLLAPSED_ROWS);
}

export interface FeatureListProps {
  features: readonly FeatureRow[];
  /** The variant whose relation (✓/✗ or text) is shown per row. */
  variant: string;
  /** Names the list, e.g. 'Leistungen im Tarif Komfort'. */
  'aria-label'?: string;
  /** Start with all rows shown. */
  defaultExpanded?: boolean;
  className?: string;
}

/** Features of one product variant; more than 5 rows start collapsed behind 'Mehr anzeigen'. */
export function FeatureList({
  features,
  variant,
  'aria-label': ariaLabel,
  defaultExpanded = false,
  className,
}: FeatureListProps) {
  const listId = useId();
  const [isExpanded, setExpanded] = useState(defaultExpanded);
  const isCollapsible = features.length > FEATURE_LIST_COLLAPSED_ROWS;

  return (
    <div className={[styles.featureList, className].filter(Boolean).join(' ')}>
      <ul id={listId} className={styles.list} aria-label={ariaLabel}>
        {visibleFeatureRows(features, isExpanded).map((feature) => (
          <li key={feature.label} className={styles.row}>
            <span className={styles.head}>
              {feature.label}
              {feature.helpText ? <HelpButton topic={feature.label}>{feature.helpText}</HelpButton> : null}
            </span>
            {feature.description ? <p className={styles.description}>{feature.description}</p> : null}
            <span className={styles.relation}>
              <FeatureRelation relation={feature.variantOptionRelation[variant]} />
            </span>
          </li>
        ))}
      </ul>
      {isCollapsible ? (
        <ShowMoreToggle
          isExpanded={isExpanded}
          onToggle={() => setExpanded((value) => !value)}
          controls={listId}
        />
      ) : null}
    </div>
  );
}
