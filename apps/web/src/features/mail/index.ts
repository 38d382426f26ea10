export { SendByEmailButton } from './components/SendByEmailButton';
export { MailLog, MAIL_LOG_QUERY_KEY } from './components/MailLog';
export { BillingEmailField } from './components/BillingEmailField';
export { MailDocumentDialogButton } from './components/MailDocumentDialogButton';
export { mailMessages } from './messages';
export { useMaySend } from './hooks/use-may-send';
