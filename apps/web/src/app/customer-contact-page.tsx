import { useContracts } from '../features/contracts/api/contracts-api';
import { ContactMessagePage } from '../features/mailbox/contact-page';
import { AttachmentsField } from '../features/uploads';

/**
 * /kunden/kontakt/nachricht/: the mailbox feature's contact form with the contracts feature's
 * contracts and the uploads feature's attachments field.
 */
export function CustomerContactPage() {
  const contracts = useContracts();
  // Without contracts (or while they fail to load) a message about no particular contract still works.
  return (
    <ContactMessagePage
      contracts={contracts.data ?? []}
      contractsPending={contracts.isPending}
      AttachmentsField={AttachmentsField}
    />
  );
}
