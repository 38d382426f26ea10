import { FluxDocumentPage, documentMessages } from '@/features/documents';
import { MailLog, SendByEmailButton, useMaySend } from '@/features/mail';

/**
 * A flux's facture (avoir, avis de prélèvement) with its e-mail delivery (R-MAIL-02 to R-MAIL-05):
 * 'Envoyer par e-mail' beside download and print, its delivery log under the document.
 */
export function FluxFacturePage() {
  const maySend = useMaySend().facture;
  return (
    <FluxDocumentPage
      kind="facture"
      extraActions={(fluxId) =>
        maySend && (
          <SendByEmailButton
            document={{ type: 'facture', id: fluxId }}
            label={documentMessages.pageTitle(documentMessages.documentName.facture, fluxId)}
          />
        )
      }
      below={(fluxId) => <MailLog source={{ document: { type: 'facture', id: fluxId } }} canResend={maySend} />}
    />
  );
}
