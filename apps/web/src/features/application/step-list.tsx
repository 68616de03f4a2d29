// The step list of a wizard on a flow (application, claim report): the steps of the current path,
// done ones can be opened again, the current one is marked (aria-current="step").
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findStep, type Flow } from '@schirm/domain/application/flow';
import { isStepDone } from '@schirm/domain/application/navigation';
import { stepPath, type WizardState } from '@schirm/domain/application/wizard-state';
import { useMinWidth } from '../../lib/breakpoints';
import styles from './application.module.css';

export interface StepListProps {
  wizard: { wizard: WizardState<unknown>; flow: Flow };
  currentStep: string;
  /** The navigation's name for screen readers; the application's 'Antragsschritte' unless given. */
  label?: string;
}

/**
 * The steps of the current path: done ones can be opened again, the current one is marked. Beside
 * the form from 1024 px; on narrower screens folded behind 'Alle Schritte', so the form comes first.
 */
export function StepList({ wizard, currentStep, label }: StepListProps) {
  const { t } = useTranslation('application');
  const isWide = useMinWidth('large');
  const { wizard: state, flow } = wizard;
  const firstOpen = state.steps.findIndex((id) => !isStepDone(findStep(flow, id)!, state.answers));
  const items = state.steps.map((id) => ({ id, title: findStep(flow, id)!.title, to: stepPath(state, id) }));
  const nav = (
    <nav aria-label={label ?? t('wizard.steps')} className={styles.stepList}>
      <ol>
        {items.map(({ id, title, to }, index) => {
          const isReachable = firstOpen === -1 || index <= firstOpen;
          const isCurrent = id === currentStep;
          return (
            <li key={id} className={isCurrent ? styles.currentStep : undefined}>
              {isCurrent || !isReachable ? (
                <span aria-current={isCurrent ? 'step' : undefined}>{title}</span>
              ) : (
                <Link to={to}>{title}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
  if (isWide) return nav;
  return (
    <details className={styles.stepDetails}>
      <summary>{t('wizard.allSteps')}</summary>
      {nav}
    </details>
  );
}
