export * from './invoicing-rules';
export * from './invoicing-contracts';
