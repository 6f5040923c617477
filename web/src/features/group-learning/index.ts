export { GroupLearningPage } from './components/group-learning-page';
