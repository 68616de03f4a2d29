// /schaden-melden/ (issue 14 part 2, public, no sign-in): the public claim report with the
// application wizard's parts and the uploads feature's field (see claims-pages.tsx), in its own chunk.
import { PageFields } from '../features/application/page-fields';
import { StepList } from '../features/application/step-list';
import { PublicClaimPage } from '../features/claims/public-claim-page';
import { WizardPartsProvider } from '../features/claims/wizard-parts';
import { AttachmentsField } from '../features/uploads';

export function PublicClaimReportPage() {
  return (
    <WizardPartsProvider parts={{ PageFields, StepList, UploadField: AttachmentsField }}>
      <PublicClaimPage />
    </WizardPartsProvider>
  );
}
