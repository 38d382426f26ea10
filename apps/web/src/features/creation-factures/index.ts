export { CreationFacturesPage } from './components/CreationFacturesPage';
