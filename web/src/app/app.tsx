import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { useTheme } from '../features/theme';
import { router } from './router';

export function App() {
  const theme = useTheme((s) => s.theme);
  return (
    <>
      <RouterProvider router={router} />
      <Toaster richColors position="top-right" theme={theme} closeButton />
    </>
  );
}
