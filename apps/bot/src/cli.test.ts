/**
 * The bot CLI against a real server, both as separate processes, the way people run them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../..", import.meta.url));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
}

function run(script: string, args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: repo, env: { ...process.env, ...env } });
  let text = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      // A first start creates the PGlite folder (initdb, migrations): 5 s alone, 20 s on a busy machine.
      const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${text}`)), 60_000);
      const check = () => {
        const match = text.match(pattern);
        if (!match) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(match);
      };
      listeners.add(check);
      check();
    });
  return { child, output: () => text, exited, waitFor };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: Running;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `ws://127.0.0.1:${port}`;
  server = run("apps/server/src/main.ts", [], {
    PORT: String(port),
    HOST: "127.0.0.1",
    BOT_DELAY_MS: "0",
    LOG_LEVEL: "info",
    // The CLI bots play at machine speed here.
    RATE_LIMIT_PER_SECOND: "1000",
    RATE_LIMIT_BURST: "1000",
  });
  await server.waitFor(/Saloon server listening/);
}, 70_000);

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  await server.exited;
});

const cli = (...args: string[]) => run("apps/bot/src/cli.ts", args);

/**
 * Both bots' exit codes; past the deadline, a failure that shows where each one stood (a bare
 * test timeout says nothing of it). Each CLI starts through tsx: on CI's loaded machine the two
 * starts and a game at machine speed took more than a minute once (6 s here when quiet).
 */
function bothExited(a: Running, b: Running, deadlineMs = 140_000): Promise<[number | null, number | null]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the bots still play after ${deadlineMs} ms\n--- first:\n${a.output()}\n--- second:\n${b.output()}\n--- server (tail):\n${server.output().slice(-4000)}`)), deadlineMs);
  });
  return Promise.race([Promise.all([a.exited, b.exited]), late]).finally(() => clearTimeout(timer));
}

describe("pnpm bot", () => {
  it("two CLI bots and a server bot play a table to the end and print the scores", async () => {
    const ann = cli("--url", url, "--create", "fistful", "--players", "3", "--bots", "1", "--name", "Ann", "--delay", "0");
    const [, tableId] = await ann.waitFor(/--join=(\S+)/);
    const bob = cli("--url", url, `--join=${tableId!}`, "--name", "Bob", "--delay", "0");
    const [annCode, bobCode] = await bothExited(ann, bob);
    expect(annCode, ann.output()).toBe(0);
    expect(bobCode, bob.output()).toBe(0);

    const scoreLines = (text: string) => text.split("\n").filter((line) => /^\s+\d\. /.test(line)).map((line) => line.replace(" (me)", ""));
    expect(ann.output()).toContain("this bot is seat 0");
    expect(bob.output()).toContain("this bot is seat 1");
    const lines = scoreLines(ann.output());
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).toMatch(/Ann: \d+/);
    expect(lines.join("\n")).toMatch(/Bob: \d+/);
    expect(lines.join("\n")).toMatch(/Bot 3: \d+/);
    expect(scoreLines(bob.output())).toEqual(lines);
  });

  it("answers each decision once where every seat decides at once (El Gaucho's opening keep)", async () => {
    const ann = cli("--url", url, "--create", "el-gaucho", "--players", "3", "--bots", "1", "--name", "Ann", "--delay", "0");
    const [, tableId] = await ann.waitFor(/--join=(\S+)/);
    const bob = cli("--url", url, `--join=${tableId!}`, "--name", "Bob", "--delay", "0");
    const [annCode, bobCode] = await bothExited(ann, bob);
    expect(annCode, ann.output()).toBe(0);
    expect(bobCode, bob.output()).toBe(0);
    // A second answer to a question already answered is refused (NOT_YOUR_TURN) and printed.
    for (const output of [ann.output(), bob.output()]) expect(output).not.toContain("server refused");
  });

  it("exits 2 with the usage on bad arguments, 1 when the table does not exist", async () => {
    const none = cli();
    expect(await none.exited).toBe(2);
    expect(none.output()).toContain("usage:");
    const tooMany = cli("--url", url, "--create", "fistful", "--players", "3", "--bots", "3");
    expect(await tooMany.exited).toBe(2);
    const missing = cli("--url", url, "--join", "no-such-table", "--name", "Ann");
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain("bot failed");
    // A table id may begin with "-" (Colyseus's ids use the URL-safe alphabet): in the "=" form
    // the CLI printed it is read as the id, not as an option (it failed CI once as "--join -wHw…").
    const dashed = cli("--url", url, "--join=-no-such-table", "--name", "Ann");
    expect(await dashed.exited).toBe(1);
    expect(dashed.output()).toContain("bot failed");
  });

  it("the server shuts down gracefully on SIGTERM", async () => {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });
});
