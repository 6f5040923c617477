import type { Config } from './config';

type ReadyConfig = Pick<Config, 'HOST' | 'PORT' | 'SEED_DEMO' | 'DEMO_EMAIL' | 'DEMO_PASSWORD' | 'DEV_WEB_URL'>;

/**
 * The one line a person reads when the app is ready (the JSON log lines are for machines): the
 * address to open. Under `pnpm dev` that is Vite's, with hot reload, and the api's own port is
 * named as the api's, since it serves no app there.
 */
export function readyLine(config: ReadyConfig) {
  // A wildcard address is not one a browser can open.
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
  const demo = config.SEED_DEMO ? ` Sign in with the demo account ${config.DEMO_EMAIL} / ${config.DEMO_PASSWORD}.` : '';
  if (config.DEV_WEB_URL) {
    const app = config.DEV_WEB_URL.replace(/\/$/, '');
    return `LearnBoost is ready at ${app} (pnpm dev: Vite, with hot reload; the api listens on ${url}).${demo}`;
  }
  return `LearnBoost is ready at ${url}.${demo}`;
}
