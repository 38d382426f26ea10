/**
 * Factur-X 1.0 (R-FACT-12): the CII XML travels inside the PDF/A-3 invoice as an associated file
 * named factur-x.xml (AFRelationship Alternative: the same invoice, for software), and the XMP
 * metadata says so with the Factur-X extension schema, which PDF/A requires for any property
 * outside its predefined schemas.
 */
const FACTUR_X_FILE_NAME = 'factur-x.xml';
const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
/** The Factur-X profile our XML follows (its guideline id is EN 16931's). */
const FACTUR_X_CONFORMANCE_LEVEL = 'EN 16931';

const FACTUR_X_PROPERTIES: Array<[name: string, value: string, description: string]> = [
  ['DocumentFileName', FACTUR_X_FILE_NAME, 'The name of the embedded XML document'],
  ['DocumentType', 'INVOICE', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', '1.0', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', FACTUR_X_CONFORMANCE_LEVEL, 'The conformance level of the embedded XML document'],
];

/** The XMP descriptions to add inside rdf:RDF: the extension schema, then the fx properties. */
function facturXXmp(): string {
  const schemaProperties = FACTUR_X_PROPERTIES.map(
    ([name, , description]) =>
      `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name>` +
      `<pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category>` +
      `<pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
  ).join('');
  const values = FACTUR_X_PROPERTIES.map(([name, value]) => `<fx:${name}>${value}</fx:${name}>`).join('');
  return (
    `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" ` +
    `xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">` +
    `<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">` +
    `<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>` +
    `<pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>` +
    `<pdfaSchema:prefix>fx</pdfaSchema:prefix>` +
    `<pdfaSchema:property><rdf:Seq>${schemaProperties}</rdf:Seq></pdfaSchema:property>` +
    `</rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>` +
    `<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">${values}</rdf:Description>`
  );
}

/** Attaches the XML (dated like the invoice, so a document renders to the same bytes) and its XMP. */
export function embedFacturX(doc: PDFKit.PDFDocument, xml: string, issuedAt: Date): void {
  // pdfkit 0.20 takes `relationship` (its typings lag behind): it writes AFRelationship and lists the file in /AF.
  const options = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X',
    creationDate: issuedAt,
    modifiedDate: issuedAt,
  };
  doc.file(Buffer.from(xml, 'utf8'), options);
  doc.appendXML(facturXXmp());
}
