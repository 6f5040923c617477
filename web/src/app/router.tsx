import { createBrowserRouter } from 'react-router';
import { LoginPage, RegisterPage } from '../features/auth';
import { FlashcardsPage } from '../features/flashcards';
import { GroupLearningPage } from '../features/group-learning';
import { KnowledgeTestsPage } from '../features/knowledge-tests';
import { ProgressDashboardPage } from '../features/progress-dashboard';
import { StudyAgentPage } from '../features/study-agent';
import { StudyPlannerPage } from '../features/study-planner';
import { GuestOnly } from './guest-only';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './require-auth';
import { HomeRoute } from './routes/home-route';
import { NotFound } from './routes/not-found';

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
          { path: '/flashcards', element: <FlashcardsPage /> },
          { path: '/study-planner', element: <StudyPlannerPage /> },
          { path: '/progress-dashboard', element: <ProgressDashboardPage /> },
          { path: '/knowledge-gaps', element: <KnowledgeTestsPage /> },
          { path: '/knowledge-gaps/shared/:shareId', element: <KnowledgeTestsPage /> },
          { path: '/group-learning', element: <GroupLearningPage /> },
          { path: '/group-learning/:roomId', element: <GroupLearningPage /> },
          { path: '/study-agent', element: <StudyAgentPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]);
