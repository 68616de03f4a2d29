// /kunden/partner-freigaben/ (issue 16): which partner apps may show this customer's area (their
// contracts) inside the partner's own app, and the customer's way to grant or revoke that. Only
// with the customer's own sign-in: an embedded session may not change grants (the server says 403).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@schirm/domain/format/date';
import { request } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { unwrapResult } from '../../lib/query-client';
import { envelopeMessage } from './grant-errors';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import styles from './embedding.module.css';

export interface PartnerGrant {
  partnerKey: string;
  name: string;
  freigegebenAm: string;
}

export interface PartnerGrants {
  freigaben: PartnerGrant[];
  verfuegbar: { partnerKey: string; name: string }[];
}

const GRANTS_KEY = ['einbettung', 'freigaben'] as const;

export function PartnerGrantsPage() {
  useDocumentTitle('Partner-Freigaben');
  const queryClient = useQueryClient();
  const grants = useQuery({
    queryKey: GRANTS_KEY,
    queryFn: async () =>
      unwrapResult(await request<PartnerGrants>({ path: '/api/kunden/einbettung/freigaben' })),
  });
  const change = useMutation({
    mutationFn: async ({ partnerKey, grant }: { partnerKey: string; grant: boolean }) => {
      const result = grant
        ? await request({ method: 'POST', path: '/api/kunden/einbettung/freigaben', body: { partnerKey } })
        : await request({
            method: 'DELETE',
            path: '/api/kunden/einbettung/freigaben/{partnerKey}',
            pathParams: { partnerKey },
          });
      if (!result.ok) throw new Error(envelopeMessage(result.error));
      return grant;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: GRANTS_KEY }),
  });

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>Partner-Freigaben</h1>
      <p className={styles.lead}>
        Manche Partner von Schirm – zum Beispiel Ihre Bank – können Ihre Verträge bei uns in ihrer eigenen
        Anwendung anzeigen, wenn Sie dort angemeldet sind. Das geht nur mit Ihrer Freigabe. Sie können sie
        jederzeit widerrufen; der Partner sieht Ihre Verträge dann sofort nicht mehr.
      </p>
      {change.isError ? (
        <InfoBox variant="error" headline="Die Änderung hat nicht geklappt">
          {change.error.message}
        </InfoBox>
      ) : null}
      {change.isSuccess ? (
        <p role="status" className={styles.status}>
          {change.data ? 'Die Freigabe ist erteilt.' : 'Die Freigabe ist widerrufen.'}
        </p>
      ) : null}
      {grants.isPending ? <Loading isBlock label="Ihre Freigaben werden geladen …" /> : null}
      {grants.isError ? (
        <InfoBox variant="error" headline="Ihre Freigaben konnten nicht geladen werden">
          Bitte laden Sie die Seite in einigen Minuten neu.
        </InfoBox>
      ) : null}
      {grants.data ? (
        <>
          <section aria-labelledby="freigaben-erteilt">
            <h2 id="freigaben-erteilt" className={styles.subheadline}>
              Ihre Freigaben
            </h2>
            {grants.data.freigaben.length === 0 ? (
              <EmptyState
                headingLevel={3}
                title="Sie haben keinem Partner eine Freigabe erteilt"
                description="Deshalb kann kein Partner Ihre Verträge in seiner Anwendung anzeigen."
              />
            ) : (
              <ul className={styles.grantList}>
                {grants.data.freigaben.map((grant) => (
                  <li key={grant.partnerKey} className={styles.grant}>
                    <span>
                      <strong>{grant.name}</strong>
                      <br />
                      freigegeben am {formatDate(grant.freigegebenAm)}
                    </span>
                    <Button
                      variant="secondary"
                      isDisabled={change.isPending}
                      onPress={() => change.mutate({ partnerKey: grant.partnerKey, grant: false })}
                    >
                      Freigabe für {grant.name} widerrufen
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {grants.data.verfuegbar.length > 0 ? (
            <section aria-labelledby="freigaben-moeglich">
              <h2 id="freigaben-moeglich" className={styles.subheadline}>
                Weitere Partner
              </h2>
              <ul className={styles.grantList}>
                {grants.data.verfuegbar.map((partner) => (
                  <li key={partner.partnerKey} className={styles.grant}>
                    <strong>{partner.name}</strong>
                    <Button
                      variant="secondary"
                      isDisabled={change.isPending}
                      onPress={() => change.mutate({ partnerKey: partner.partnerKey, grant: true })}
                    >
                      {partner.name} freigeben
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
