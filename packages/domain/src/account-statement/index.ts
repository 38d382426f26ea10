export * from './account-statement';
export * from './statement-request';
