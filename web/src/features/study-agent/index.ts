export { StudyAgentPage } from './components/study-agent-page';
