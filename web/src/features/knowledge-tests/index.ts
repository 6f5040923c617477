export { KnowledgeGapsPage } from './components/knowledge-gaps-page';
