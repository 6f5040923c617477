import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { useTheme } from '../features/theme';
import { router } from './router';
import { UpdatePrompt } from './update-prompt';

export function App() {
  const theme = useTheme((s) => s.theme);
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
      {/*
        Where toasts cover no action: at the top centre, between a page's title and its buttons;
        on a phone, over the menu bar's logo, leaving its menu button free.
      */}
      <Toaster richColors position="top-center" mobileOffset={{ top: 6, left: 8 }} theme={theme} closeButton />
    </>
  );
}
