export * from './latin9';
export * from './file-text';
export * from './entry';
export * from './dates';
export * from './pnm';
export * from './sage-csv';
export * from './fec';
export * from './contracts';
