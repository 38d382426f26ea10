export * from './statistics-request';
export * from './statistics-figures';
export * from './statistics-response';
export * from './statistics-search';
export * from './statistics-export';
