-- Factur-X (issue 21): a facture's CII XML is issued with its PDF (the same XML is inside it) and
-- stored beside it, so 'Télécharger le XML' returns the bytes the PDF carries, never a new rendering.
ALTER TABLE "MKP_DocumentEmis" DROP CONSTRAINT "mkp_document_emis_type_ck";--> statement-breakpoint
ALTER TABLE "MKP_DocumentEmis" ADD CONSTRAINT "mkp_document_emis_type_ck" CHECK ("Type" IN ('facture', 'releve', 'facture_xml'));