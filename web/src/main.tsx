import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { useAuth } from './features/auth';
import { setUnauthorizedHandler } from './lib/api-client';
import { persistStorage } from './lib/persist-storage';
import './index.css';

// The server refused our token: forget it, and the route guards take the learner to /login.
setUnauthorizedHandler(() => useAuth.getState().dropSession());
void useAuth.getState().restore();
void persistStorage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
