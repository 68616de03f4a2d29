import { useContracts } from '../features/contracts/api/contracts-api';
import { ContactMessagePage } from '../features/mailbox/contact-page';

/** /kunden/kontakt/nachricht/: the mailbox feature's contact form with the contracts feature's contracts. */
export function CustomerContactPage() {
  const contracts = useContracts();
  // Without contracts (or while they fail to load) a message about no particular contract still works.
  return <ContactMessagePage contracts={contracts.data ?? []} contractsPending={contracts.isPending} />;
}
