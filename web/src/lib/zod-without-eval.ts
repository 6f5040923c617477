import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` when it can; the Content-Security-Policy
// allows no eval, so every first parse was a CSP violation. Imported first by main.tsx.
z.config({ jitless: true });
