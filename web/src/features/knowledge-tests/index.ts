export { KnowledgeTestsPage } from './components/knowledge-tests-page';
