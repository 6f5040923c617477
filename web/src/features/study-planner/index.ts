export { StudyPlannerPage } from './components/study-planner-page';
