// `pnpm dev`: the api with reload on :3001 and Vite on :3000 (proxying /api and /socket.io to it).
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@learnboost/api', 'dev'], {
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
      // The app being edited is Vite's: the api says so in its ready line and serves no stale build.
      DEV_WEB_URL: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}`,
    },
  }),
  spawn(
    'pnpm',
    [
      '--filter',
      '@learnboost/web',
      'dev',
      '--host',
      process.env.HOST ?? '127.0.0.1',
      '--port',
      process.env.PORT ?? '3000',
    ],
    {
      stdio: 'inherit',
    },
  ),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
