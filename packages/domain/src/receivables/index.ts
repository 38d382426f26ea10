export * from './reste-du';
