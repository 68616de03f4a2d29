import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from './button';

export interface ShowMoreToggleProps {
  isExpanded: boolean;
  onToggle: () => void;
  /** id of the element that grows and shrinks. */
  controls: string;
  size?: ButtonSize;
  className?: string;
}

/** 'Mehr anzeigen' / 'Weniger anzeigen' with aria-expanded, for truncated lists and texts. */
export function ShowMoreToggle({
  isExpanded,
  onToggle,
  controls,
  size = 'm',
  className,
}: ShowMoreToggleProps) {
  const { t } = useTranslation('ui');
  return (
    <Button
      variant="tertiary"
      size={size}
      aria-expanded={isExpanded}
      aria-controls={controls}
      onPress={onToggle}
      className={className}
    >
      {isExpanded ? t('showMore.less') : t('showMore.more')}
    </Button>
  );
}
