export * from './account-statement';
export * from './statement-request';
export * from './statement-document';
