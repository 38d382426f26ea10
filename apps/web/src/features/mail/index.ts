export { SendByEmailButton } from './components/SendByEmailButton';
export { MailLog } from './components/MailLog';
export { BillingEmailField } from './components/BillingEmailField';
export { MailDocumentDialogButton } from './components/MailDocumentDialogButton';
export { mailMessages } from './messages';
export { useMaySend } from './hooks/use-may-send';
