import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BufferedLogDestination } from "./log-destination.ts";

/** Runs `body` in a real node process logging through stdoutLogDestination; its stdout's messages. */
function stdoutOf(body: string): { status: number | null; messages: string[] } {
  const module = fileURLToPath(new URL("./log-destination.ts", import.meta.url));
  const script = `import { pino } from "pino"; import { stdoutLogDestination } from ${JSON.stringify(module)};
const logger = pino({ base: null }, stdoutLogDestination()); ${body}`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8" });
  return { status: run.status, messages: run.stdout.split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg) };
}

function logged(options = { flushMs: 100, maxChars: 10_000, immediateLevel: 40 }) {
  const writes: string[] = [];
  const destination = new BufferedLogDestination({ write: (text: string) => writes.push(text) }, options);
  const logger = pino({ level: "debug", base: null, timestamp: false }, destination);
  const messages = () => writes.flatMap((text) => text.split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg));
  return { writes, destination, logger, messages };
}

describe("the buffered log destination", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gathers info lines and writes them together once the interval has passed", () => {
    vi.useFakeTimers();
    const { writes, logger, messages } = logged();
    logger.info("seat taken");
    logger.debug("table rebuilt");
    logger.info("seat taken again");
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toHaveLength(1);
    expect(messages()).toEqual(["seat taken", "table rebuilt", "seat taken again"]);
  });

  it("writes a warning, an error or a fatal line at once, after the lines gathered before it", () => {
    vi.useFakeTimers();
    const { writes, logger, messages } = logged();
    logger.info("first");
    logger.warn("a warning");
    expect(messages()).toEqual(["first", "a warning"]);
    logger.info("second");
    logger.error({ err: new Error("boom") }, "an error");
    expect(messages()).toEqual(["first", "a warning", "second", "an error"]);
    logger.fatal("the end");
    expect(messages().at(-1)).toBe("the end");
    expect(writes).toHaveLength(3);
    // Nothing is left waiting, so the timer writes nothing more.
    vi.advanceTimersByTime(1000);
    expect(writes).toHaveLength(3);
  });

  it("writes at once when too much is waiting, and flush() empties it on demand", () => {
    vi.useFakeTimers();
    const { writes, destination, logger, messages } = logged({ flushMs: 100, maxChars: 200, immediateLevel: 40 });
    logger.info("x".repeat(150));
    expect(writes).toEqual([]);
    logger.info("y".repeat(150));
    expect(writes).toHaveLength(1);
    logger.info("last");
    destination.flush();
    expect(messages()).toEqual(["x".repeat(150), "y".repeat(150), "last"]);
    destination.flush();
    expect(writes).toHaveLength(2);
  });

  it("leaves every line of a child logger at its own level", () => {
    vi.useFakeTimers();
    const { writes, logger } = logged();
    const child = logger.child({ table: "T" });
    child.info("seat taken");
    expect(writes).toEqual([]);
    child.warn("closing a flooding connection");
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { level: number; table: string })).toEqual([
      expect.objectContaining({ level: 30, table: "T" }),
      expect.objectContaining({ level: 40, table: "T" }),
    ]);
  });

  it("loses nothing when the process exits, and nothing up to the last error when it is killed", () => {
    expect(stdoutOf(`logger.info("gathered"); process.exit(3);`)).toEqual({ status: 3, messages: ["gathered"] });
    expect(stdoutOf(`logger.info("gathered"); logger.error("the last error"); process.kill(process.pid, "SIGKILL");`).messages).toEqual(["gathered", "the last error"]);
    // What SIGKILL can lose: info lines after the last warning, within the interval.
    expect(stdoutOf(`logger.info("gathered"); process.kill(process.pid, "SIGKILL");`).messages).toEqual([]);
  });
});
