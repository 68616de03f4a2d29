// The claim pages of issue 14 composed with what they take from other features (a feature imports
// no other feature): the customer's contracts (features/contracts) for the report's contract index,
// the application wizard's PageFields and StepList (features/application) for the report's steps,
// the uploads feature's AttachmentsField for the checklist and the open documents' uploads,
// and the 404 page while the flag 'claims page' (spec §6) switches 'Schäden' off.
import type { ReactNode } from 'react';
import { PageFields } from '../features/application/page-fields';
import { StepList } from '../features/application/step-list';
import { ChooseContractPage } from '../features/claims/choose-contract-page';
import type { CustomerContracts } from '../features/claims/claim-contract';
import { ClaimDetailPage } from '../features/claims/claim-detail-page';
import { ClaimErrorPage } from '../features/claims/claim-error-page';
import { ClaimReportPage } from '../features/claims/claim-report-page';
import { ClaimsListPage } from '../features/claims/claims-list-page';
import { WizardPartsProvider, type WizardParts } from '../features/claims/wizard-parts';
import { useContracts } from '../features/contracts/api/contracts-api';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { AttachmentsField } from '../features/uploads';
import { useFlag, useFlagsSettled } from '../lib/flags';
import { Loading } from '../ui/loading';

export { claimReportLoader } from '../features/claims/claim-contract';

/** The application wizard's parts the claim wizards render their steps with, and the upload field. */
export const WIZARD_PARTS: WizardParts = { PageFields, StepList, UploadField: AttachmentsField };

function useCustomerContracts(): CustomerContracts {
  const contracts = useContracts();
  return {
    status: contracts.isPending ? 'pending' : contracts.isError ? 'error' : 'success',
    data: contracts.data ?? [],
  };
}

/** 'Schäden' only while the flag 'claims page' is on; otherwise the area's 404 page. */
function ClaimsPageGate({ children }: { children: ReactNode }) {
  const isOn = useFlag('claims-page');
  const isSettled = useFlagsSettled();
  if (isOn) return <>{children}</>;
  if (!isSettled) return <Loading isBlock />;
  return <NotFoundPage />;
}

/** /kunden/schaden-melden/<produkt>/:contractIndex/(:schritt/) */
export function CustomerClaimReportPage() {
  const contracts = useCustomerContracts();
  return (
    <WizardPartsProvider parts={WIZARD_PARTS}>
      <ClaimReportPage contracts={contracts} />
    </WizardPartsProvider>
  );
}

/** /kunden/schaden-melden/ */
export function CustomerChooseContractPage() {
  return <ChooseContractPage contracts={useCustomerContracts()} />;
}

/** /kunden/schaden-melden/fehler/ */
export { ClaimErrorPage as CustomerClaimErrorPage };

/** /kunden/schaeden/ */
export function CustomerClaimsListPage() {
  const contracts = useCustomerContracts();
  return (
    <ClaimsPageGate>
      <ClaimsListPage contracts={contracts} />
    </ClaimsPageGate>
  );
}

/** /kunden/schaeden/:claimId/ */
export function CustomerClaimDetailPage() {
  return (
    <ClaimsPageGate>
      <WizardPartsProvider parts={WIZARD_PARTS}>
        <ClaimDetailPage />
      </WizardPartsProvider>
    </ClaimsPageGate>
  );
}
