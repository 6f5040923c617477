// Runs before the first paint so a dark-theme learner never sees a white flash. A file, not an
// inline script: the Content-Security-Policy allows scripts from the app's own origin only.
// A theme the learner chose wins; with none chosen, the system's light or dark setting is followed.
(() => {
  try {
    const saved = localStorage.getItem('theme');
    const dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) document.documentElement.classList.add('dark');
  } catch (_) {}
})();
