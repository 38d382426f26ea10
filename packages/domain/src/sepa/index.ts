export * from './sepa-text';
export * from './ics';
export * from './debtor-eligibility';
export * from './pain008-types';
export * from './pain008';
export * from './sepa-contracts';
export * from './target-calendar';
export * from './batch-cancellation';
