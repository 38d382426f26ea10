export * from './upload-quota';
export * from './upload-file-name';
