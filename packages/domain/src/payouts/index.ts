export * from './pain001-types';
export * from './pain001';
export * from './payee-eligibility';
export * from './shares';
export * from './share-rules';
export * from './payout-messages';
export * from './payout-contracts';
export * from './payout-cancellation';
