export * from './categories';
export * from './relaunch';
export * from './search-filters';
export * from './paris-day';
export * from './flux-display';
export * from './flux-write-rules';
export * from './payment-status';
export * from './amount-filter';
