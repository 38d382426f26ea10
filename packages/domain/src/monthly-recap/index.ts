export * from './recap-month';
export * from './monthly-recap';
export * from './recap-document';
export * from './recap-contracts';
