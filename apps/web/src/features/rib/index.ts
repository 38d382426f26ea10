export { HeadOfficeRibs } from './components/HeadOfficeRibs';
