export * from './document-input';
export * from './document-format';
export * from './document-rules';
export * from './document-request';
export * from './invoice-document';
export * from './statement-document';
