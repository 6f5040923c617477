// Runs before the first paint so a dark-theme learner never sees a white flash. A file, not an
// inline script: the Content-Security-Policy allows scripts from the app's own origin only.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch (_) {}
