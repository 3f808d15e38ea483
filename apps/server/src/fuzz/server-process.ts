/**
 * The server under fuzz: the real entry point (main.ts) in a process of its own, on a free
 * loopback port with an in-memory PGlite, so that a crash is a process that exits and every
 * error it logs can be counted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../process-harness.ts";

export interface ServerLog {
  /** Uncaught errors the process survived (each one is a bug the fuzzer found). */
  uncaught: number;
  /** Tables closed because they failed. */
  tablesFailed: number;
  /** Messages the server failed on (answered INTERNAL_ERROR): each is a bug the fuzzer found. */
  internalErrors: number;
  /** Error-level lines, a few of each, for the report. */
  errors: string[];
  /** What made tables fail or errors go uncaught, with their stacks. */
  failures: string[];
}

export interface ServerProcess {
  base: string;
  wsBase: string;
  /** The exit code once the process is gone, or null while it runs. */
  exitCode(): number | null;
  log: ServerLog;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));


export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", PGLITE_DIR: "memory://", BOT_DELAY_MS: "0", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: ServerLog = { uncaught: 0, tablesFailed: 0, internalErrors: 0, errors: [], failures: [] };
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) => child.once("exit", (code, signal) => ((exitCode = code ?? (signal ? 128 : 1)), resolve())));
  let buffered = "";
  const read = (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      let entry: { level?: number; msg?: string; method?: string; err?: { message?: string; stack?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        if (line.trim() && log.errors.length < 20) log.errors.push(line.slice(0, 300));
        continue;
      }
      if (entry.msg?.includes("uncaught error")) log.uncaught += 1;
      if (entry.msg?.includes("table failed")) {
        log.tablesFailed += 1;
        if (log.failures.length < 10) log.failures.push(`${entry.method}: ${entry.err?.stack?.slice(0, 600) ?? entry.err?.message}`);
      }
      if (entry.msg?.includes("failed on a client's message") || entry.msg?.includes("failed while handling an action")) {
        log.internalErrors += 1;
        if (log.failures.length < 10) log.failures.push(`${entry.msg}: ${entry.err?.stack?.slice(0, 600)}`);
      }
      if (entry.msg?.includes("uncaught error") && log.failures.length < 10) log.failures.push(`uncaught: ${entry.err?.stack?.slice(0, 600)}`);
      if ((entry.level ?? 0) >= 50 && log.errors.length < 20) log.errors.push(`${entry.msg}: ${entry.err?.message ?? ""}`.slice(0, 300));
    }
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitCode !== null) throw new Error(`the server exited while starting (code ${exitCode}): ${log.errors.join(" | ")}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("the server did not start within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    base,
    wsBase: `ws://127.0.0.1:${port}`,
    exitCode: () => exitCode,
    log,
    async stop() {
      if (exitCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
