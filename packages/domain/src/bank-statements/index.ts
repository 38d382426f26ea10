export * from './account';
export * from './allocations';
export * from './bank-statement';
export * from './bank-statement-contracts';
export * from './bank-statement-messages';
export * from './cfonb120';
export * from './matching';
export * from './references';
