export * from './upload-quota';
