export { ImpayesPage } from './components/ImpayesPage';
// Composed by the structure's page (app/pages): a letter for one structure, as from the list.
export { IssueReminderDialog } from './components/IssueReminderDialog';
export { downloadReminders, issueReminders } from './api/impayes-api';
