import { VisuallyHidden } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CrossIcon } from './icons';
import type { VariantOptionRelation } from './product-display-types';
import styles from './feature-relation.module.css';

/**
 * How one variant relates to one feature: its text when it has one, else ✓ or ✗ with the words
 * 'enthalten' / 'nicht enthalten' for screen readers. A missing relation means not included.
 */
export function FeatureRelation({ relation }: { relation: VariantOptionRelation | undefined }) {
  const { t } = useTranslation('ui');
  if (relation?.text)
    return <span className={[styles.relation, styles.text].join(' ')}>{relation.text}</span>;
  const isIncluded = relation?.included ?? false;
  const Icon = isIncluded ? CheckIcon : CrossIcon;
  return (
    <span className={[styles.relation, isIncluded ? styles.included : styles.excluded].join(' ')}>
      <Icon />
      <VisuallyHidden elementType="span">
        {isIncluded ? t('feature.included') : t('feature.notIncluded')}
      </VisuallyHidden>
    </span>
  );
}
