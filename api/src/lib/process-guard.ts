type ErrorLog = { error: (obj: object, msg: string) => void };

/**
 * Something thrown outside a request (a worker's message, a socket handler, a timer) would end
 * the process, and with it every learner's request and socket. Each request already has its own
 * error handler; what reaches here is a bug to log and fix, not a reason to stop serving the rest.
 */
export function keepServingOnStrayErrors(log: ErrorLog): void {
  process.on('uncaughtException', (err, origin) => {
    log.error({ err, origin }, 'uncaught exception; the process keeps serving');
  });
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection; the process keeps serving');
  });
}
