export * from './seasons';
export * from './structures';
export * from './users';
export * from './flux';
export * from './documents';
export * from './accounting';
export * from './issuance';
export * from './sepa-returns';
