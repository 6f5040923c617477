import type { Config } from './config';

/** The one line a person reads when `pnpm start` is ready (the JSON log lines are for machines). */
export function readyLine(config: Pick<Config, 'HOST' | 'PORT' | 'SEED_DEMO' | 'DEMO_EMAIL' | 'DEMO_PASSWORD'>) {
  // A wildcard address is not one a browser can open.
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
  const demo = config.SEED_DEMO ? ` Sign in with the demo account ${config.DEMO_EMAIL} / ${config.DEMO_PASSWORD}.` : '';
  return `LearnBoost is ready at ${url}.${demo}`;
}
