export * from './mail-rules';
export * from './mail-messages';
