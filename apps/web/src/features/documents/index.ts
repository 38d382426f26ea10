export { FluxDocumentLinks } from './components/FluxDocumentLinks';
export { FluxDocumentPage, FluxFacturePage, FluxRelevePage } from './components/FluxDocumentPage';
export { fluxDocumentUrl, getFluxDocument, useFluxDocument } from './api/get-flux-document';
export { documentMessages } from './messages';
