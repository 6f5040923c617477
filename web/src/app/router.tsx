import { createBrowserRouter } from 'react-router';
import { LoginPage, RegisterPage } from '../features/auth';
import { GuestOnly } from './guest-only';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './require-auth';
import { HomeRoute } from './routes/home-route';
import { NotFound } from './routes/not-found';

// Each module screen is its own chunk, loaded when first visited: signing in and home do not
// download the chart library, the AI screens or the room client.
const modules = {
  flashcards: async () => ({ Component: (await import('./routes/flashcards-route')).FlashcardsRoute }),
  browse: async () => ({ Component: (await import('./routes/flashcards-route')).BrowseRoute }),
  studyPlanner: async () => ({ Component: (await import('../features/study-planner')).StudyPlannerPage }),
  // By file, not the feature's index: home already takes that index's cards into the main chunk.
  progressDashboard: async () => ({
    Component: (await import('./routes/progress-dashboard-route')).ProgressDashboardRoute,
  }),
  knowledgeTests: async () => ({ Component: (await import('../features/knowledge-tests')).KnowledgeTestsPage }),
  groupLearning: async () => ({ Component: (await import('./routes/group-learning-route')).GroupLearningRoute }),
  studyAgent: async () => ({ Component: (await import('../features/study-agent')).StudyAgentPage }),
};

export const router = createBrowserRouter([
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: '/flashcards', lazy: modules.flashcards },
          { path: '/flashcards/browse', lazy: modules.browse },
          { path: '/study-planner', lazy: modules.studyPlanner },
          { path: '/progress-dashboard', lazy: modules.progressDashboard },
          { path: '/knowledge-gaps', lazy: modules.knowledgeTests },
          { path: '/knowledge-gaps/shared/:shareId', lazy: modules.knowledgeTests },
          { path: '/group-learning', lazy: modules.groupLearning },
          { path: '/group-learning/:roomId', lazy: modules.groupLearning },
          { path: '/study-agent', lazy: modules.studyAgent },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]);
