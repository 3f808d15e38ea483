/**
 * What the process does with an error nothing else caught. Rooms isolate their own faults (a
 * failing table is closed, see TableRoom.onUncaughtException) and connection errors are answered
 * where they happen, so a stray exception is one client's or one table's problem: it is logged
 * and the server keeps serving every other table (issue #9: one over-long close reason used to
 * exit the process and lose every table). Only a storm of them, the sign of a process that is
 * really broken, makes it exit for its supervisor to restart it.
 */
import type { Logger } from "pino";

export interface ProcessGuardSettings {
  /** Uncaught errors tolerated within `windowMs` before the process gives up. */
  maxErrors: number;
  windowMs: number;
  exit: (code: number) => void;
}

export const DEFAULT_PROCESS_GUARD: ProcessGuardSettings = { maxErrors: 20, windowMs: 60_000, exit: (code) => process.exit(code) };

/** The decision for one stray error: log it and go on, or exit after too many. */
export function strayErrorPolicy(logger: Logger, settings: ProcessGuardSettings, clock: () => number = Date.now): (kind: string) => (error: unknown) => void {
  const recent: number[] = [];
  return (kind) => (error) => {
    const now = clock();
    recent.push(now);
    while (recent.length > 0 && recent[0]! < now - settings.windowMs) recent.shift();
    if (recent.length > settings.maxErrors) {
      logger.fatal({ err: error, kind, errorsInWindow: recent.length }, "too many uncaught errors; exiting so the process can be restarted");
      settings.exit(1);
      return;
    }
    logger.error({ err: error, kind }, "uncaught error; the server keeps serving");
  };
}

export function installProcessGuards(logger: Logger, settings: ProcessGuardSettings = DEFAULT_PROCESS_GUARD): () => void {
  const onError = strayErrorPolicy(logger, settings);
  const onException = onError("uncaughtException");
  const onRejection = onError("unhandledRejection");
  process.on("uncaughtException", onException);
  process.on("unhandledRejection", onRejection);
  return () => {
    process.off("uncaughtException", onException);
    process.off("unhandledRejection", onRejection);
  };
}
