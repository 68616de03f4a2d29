// The parts of the application wizard the claim report uses (issue 14: 'reuse its components'):
// the page that renders a step from its fields and the step list, and the uploads feature's field
// that uploads at once (progress, German errors, notes, remove). A feature imports no other
// feature (eslint import-x/no-restricted-paths), so apps/web/src/app/claims-pages.tsx and
// public-claim-route.tsx hand the application feature's PageFields and StepList and the uploads
// feature's AttachmentsField in through this context.
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

/** A finished upload as the uploads feature reports it. */
export interface ReportedUpload {
  uploadId: string;
  dateiname: string;
  groesse: number;
  typ: string;
  hinweise: string[];
}

/** An anonymous claimant's upload key, shared by all upload fields of one report. */
export interface SharedUploadKey {
  get: () => string | undefined;
  set: (uploadSchluessel: string) => void;
}

/** What the uploads feature's AttachmentsField takes (features/uploads/attachments-field.tsx). */
export interface UploadFieldProps {
  label: string;
  description?: string;
  isDisabled?: boolean;
  authenticated?: boolean;
  uploadKey?: SharedUploadKey;
  onChange: (state: { uploaded: ReportedUpload[]; isUploading: boolean; hasErrors: boolean }) => void;
}

export interface WizardParts {
  PageFields: ComponentType<WizardFieldsProps>;
  StepList: ComponentType<WizardStepListProps>;
  UploadField: ComponentType<UploadFieldProps>;
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
