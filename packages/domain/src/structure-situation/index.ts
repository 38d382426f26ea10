export * from './structure-situation';
