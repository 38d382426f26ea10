export { MyJobsPage } from './components/MyJobsPage';
export { jobsMessages } from './messages';
