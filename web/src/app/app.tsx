import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { useTheme } from '../features/theme';
import { useMediaQuery } from '../lib/use-media-query';
import { router } from './router';
import { UpdatePrompt } from './update-prompt';

export function App() {
  const theme = useTheme((s) => s.theme);
  // sonner's own phone breakpoint: below it a toast spans the screen's width.
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
      {/*
        Where toasts cover neither an action nor a page's title ("Welcome back!" over the greeting):
        at the bottom right of a wide screen, where no page keeps a control; on a phone, over the
        menu bar's logo, leaving its menu button free.
      */}
      <Toaster
        richColors
        position={phone ? 'top-center' : 'bottom-right'}
        mobileOffset={{ top: 6, left: 8 }}
        theme={theme}
        closeButton
      />
    </>
  );
}
