export * from './reminder-rules';
export * from './overdue-structures';
export * from './reminder-letter';
export * from './impayes-request';
export * from './overdue-list-query';
