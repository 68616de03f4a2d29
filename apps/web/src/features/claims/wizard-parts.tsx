// The parts of the application wizard the claim report uses (issue 14: 'reuse its components'):
// the page that renders a step from its fields and the step list. A feature imports no other
// feature (eslint import-x/no-restricted-paths), so apps/web/src/app/claims-pages.tsx hands the
// application feature's PageFields and StepList in through this context.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Field } from '@schirm/domain/application/fields';
import type { Flow } from '@schirm/domain/application/flow';
import type { WizardState } from '@schirm/domain/application/wizard-state';

type PageValues = Readonly<Record<string, unknown>>;

/** What the application's PageFields takes (features/application/page-fields.tsx). */
export interface WizardFieldsProps {
  fields: readonly Field[];
  values: PageValues;
  onChange: (change: (current: PageValues) => Record<string, unknown>) => void;
  errors: Readonly<Record<string, string>>;
}

/** What the application's StepList takes (features/application/step-list.tsx). */
export interface WizardStepListProps {
  wizard: { wizard: WizardState<unknown>; flow: Flow };
  currentStep: string;
  label?: string;
}

export interface WizardParts {
  PageFields: ComponentType<WizardFieldsProps>;
  StepList: ComponentType<WizardStepListProps>;
}

const WizardPartsContext = createContext<WizardParts | null>(null);

export function WizardPartsProvider({ parts, children }: { parts: WizardParts; children: ReactNode }) {
  return <WizardPartsContext.Provider value={parts}>{children}</WizardPartsContext.Provider>;
}

export function useWizardParts(): WizardParts {
  const parts = useContext(WizardPartsContext);
  if (!parts)
    throw new Error('The claim pages need the wizard parts (WizardPartsProvider in app/claims-pages.tsx).');
  return parts;
}
