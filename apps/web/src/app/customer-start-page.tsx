import { ContractsSummary } from '../features/contracts/contracts-summary';
import { useSession } from '../features/auth/session/session';
import { SignOutActions } from '../features/auth/session/sign-out-actions';
import { CustomerHomePage } from '../features/home/customer-home-page';

/** /kunden/: the customer's overview with the contracts feature's summary and the auth feature's sign-out. */
export function CustomerStartPage() {
  const state = useSession();
  // The area's guard renders this page only for a signed-in person.
  if (state.status !== 'signed-in') return null;
  const { nickname, username } = state.user;
  return (
    <CustomerHomePage
      name={nickname ?? username}
      username={username}
      contracts={<ContractsSummary />}
      signOut={<SignOutActions portal="kunden" />}
    />
  );
}
