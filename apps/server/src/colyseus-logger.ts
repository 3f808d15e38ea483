/**
 * The logger Colyseus writes to. Colyseus prints every error it catches at error level with its
 * stack, including a client's undecodable frame (issue #9: client junk was logged as errors with
 * stack traces, and a flood of it cost the event loop). Those are the client's mistakes: they go
 * to debug. Everything else keeps its level.
 */
import type { Logger } from "pino";

/** Errors caused by what a client sent (a frame msgpack or the schema decoder cannot read). */
const CLIENT_CAUSED = /msgpackr|unpack\.js|checkedRead|Data read, but end of buffer|decode\.(string|number)|offset is out of bounds|Unexpected end of MessagePack/;

type LogArgs = [unknown, ...unknown[]];

export function colyseusLogger(logger: Logger): Record<"debug" | "info" | "warn" | "error" | "trace", (...args: LogArgs) => void> {
  const write = (level: "debug" | "info" | "warn" | "error" | "trace") => (...args: LogArgs) => {
    const text = args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ");
    if (level === "error" && CLIENT_CAUSED.test(text)) {
      if (logger.isLevelEnabled("debug")) logger.debug({ detail: text.slice(0, 2000) }, "a client sent a frame that cannot be decoded");
      return;
    }
    logger[level](text.slice(0, 4000));
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error"), trace: write("trace") };
}
