/**
 * Shared by the process tests and the benchmarks (not part of the server): real server
 * processes on free loopback ports, running the compiled server as `pnpm start` does, killed
 * the hard way, and players that play deterministically and find their table again after any
 * restart.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client, type Room } from "@colyseus/sdk";
import { type ActionBase, type AnyGame, type FinalScores, type Json, type Seat, cloneJson, createRandom } from "@saloon/engine";
import { type AnswerMark, type TableSnapshot, answerLanded, decodeActed, decodePrompt, decodeView, reconnectLikeOurClients, rejoinDelayMs } from "@saloon/protocol";

import { botRandom } from "./bot-random.ts";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));

let compiling: Promise<string> | null = null;
/**
 * The server compiled from the sources as they are now (scripts/build.mjs, as `pnpm start`
 * runs it), once per process, into a folder of this process's own: test files running side by
 * side never read each other's half-written build, and an edit is never tested against an old one.
 */
export function compiledServer(): Promise<string> {
  compiling ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "saloon-server-build-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    await promisify(execFile)(process.execPath, ["scripts/build.mjs", "--outdir", dir], { cwd: SERVER_DIR });
    return join(dir, "main.js");
  })();
  return compiling;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Is something listening at host:port (a quick TCP connect)? */
export function reachable(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Every JSON log line the process printed. */
  logs: Record<string, unknown>[];
  /** Resolves with the first log line that matches. */
  waitForLog(match: (line: Record<string, unknown>) => boolean, what: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * A process's main thread (for a server, its event loop): ns it ran on a CPU and ns it waited,
 * runnable, for one (Linux /proc/<pid>/schedstat; throws elsewhere). On a shared machine the
 * wait is the machine's share of the latency or of the seconds, not the server's work.
 */
export function mainThreadNs(pid: number): { ran: number; waited: number } {
  const [ran, waited] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
  return { ran: ran!, waited: waited! };
}

/**
 * Starts a real server process and resolves once it has rebuilt its games (so it accepts moves).
 * `nodeArgs` go to node before the script (bench:load's --profile passes --cpu-prof);
 * `onSpawn` learns of the process at once (bench:recovery samples its CPU while it rebuilds).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 60_000,
  nodeArgs: string[] = [],
  onSpawn: (child: ChildProcess) => void = () => {},
): Promise<ServerProcess> {
  const main = await compiledServer();
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  onSpawn(child);
  const logs: Record<string, unknown>[] = [];
  const listeners = new Set<() => void>();
  let buffered = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const listener of [...listeners]) listener();
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let killedOnPurpose = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", (code, signal) => {
    if (!killedOnPurpose) console.error(`server on ${port} exited by itself (code ${code}, signal ${signal}); last output:\n${stderr}\n${JSON.stringify(logs.slice(-5))}`);
  });
  const server: ServerProcess = {
    port,
    url: `ws://127.0.0.1:${port}`,
    child,
    logs,
    waitForLog(match, what, wait = timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = logs.find(match);
          if (!line) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(line);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`server on ${port}: no log line "${what}" within ${wait} ms; stderr: ${stderr}`));
        }, wait);
        listeners.add(check);
        child.once("exit", () => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`server on ${port} exited before "${what}"; stderr: ${stderr}`));
        });
        check();
      });
    },
    async kill(signal) {
      killedOnPurpose = true;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await server.waitForLog((line) => line.msg === "running games rebuilt", "running games rebuilt");
  return server;
}

/** The choice a test person makes: the game's bot on what it sees, its dice fixed by seat and move number. */
export function personChoice(game: AnyGame, view: unknown, prompt: NonNullable<ReturnType<typeof decodePrompt>>, seat: Seat, moveIndex: number): unknown {
  return game.bot(view, prompt, createRandom(`person\u0000${seat}\u0000${moveIndex}`));
}

/**
 * The game a table plays when its people choose with personChoice and its bots as the server's
 * bots do: what any run of it must end with, crashed and rebuilt or not. Sequential games only.
 */
export function deterministicRun(game: AnyGame, seed: string, seats: number, options: Json, botSeats: Seat[]): { actions: { seat: Seat; action: ActionBase }[]; scores: FinalScores } {
  let state = game.setup(seed, seats, options);
  const actions: { seat: Seat; action: ActionBase }[] = [];
  while (!game.isOver(state)) {
    const prompts = game.prompts(state);
    if (prompts.length !== 1) throw new Error("deterministicRun plays games with one decision at a time only");
    const prompt = prompts[0]!;
    // What a client decodes is the view as JSON.
    const view = cloneJson(game.view(state, prompt.seat) as Json);
    const action = (
      botSeats.includes(prompt.seat) ? game.bot(view, prompt, botRandom(seed, actions.length, prompt.seat)) : personChoice(game, view, prompt, prompt.seat, actions.length)
    ) as ActionBase;
    const result = game.apply(state, prompt.seat, action);
    if (!result.ok) throw new Error(`deterministicRun: ${result.error.message}`);
    state = result.state;
    actions.push({ seat: prompt.seat, action });
  }
  return { actions, scores: game.scores(state)! };
}

/**
 * A person at a table who plays every decision (personChoice) and, whenever the connection
 * goes (the server was killed or restarted), joins the same table again by id with the same
 * token until it is back: what the web client does.
 */
export class SteadyPlayer {
  room: Room | null = null;
  seat: Seat | null = null;
  latest: TableSnapshot | null = null;
  /** The highest version this person ever saw: every action up to it was accepted. */
  maxSeen = 0;
  /** The first version seen after each rejoin. */
  readonly rejoinedAt: number[] = [];
  /** Joins tried to get back after a lost connection (the successful ones included). */
  rejoinAttempts = 0;
  /**
   * When (Date.now()) the last successful rejoin was asked for, had its seat reserved (the
   * matchmaking request answered) and when it joined over the WebSocket. `bySdk`: it was the SDK's
   * reconnection (asked when the connection dropped, no matchmaking request: reservedAt 0).
   */
  lastRejoin: { askedAt: number; reservedAt: number; joinedAt: number; bySdk: boolean } | null = null;
  /** Let the SDK's reconnection bring a dropped connection back first, as the web client does (seat-return.ts). */
  returnBySdk = false;
  /** Connections the SDK's reconnection brought back, and its tries in all. */
  sdkReturns = 0;
  sdkTries = 0;
  /**
   * Answer the first decision after coming back at once instead of after `thinkMs`
   * (bench:recovery: the time to come back, without a person's pause in it).
   */
  answerAtOnceOnReturn = false;
  /** Whether the first state seen after the last rejoin asked this person for a decision. */
  promptedOnReturn = false;
  private url: string;
  private stopped = false;
  /**
   * Where the table stood when this person chose the answer still on its way: one answer per
   * decision, until the table shows it (answerLanded) or refuses it. With simultaneous decisions
   * another seat's move shows the same prompt again meanwhile; answering per version, as this
   * did before, answered it twice.
   */
  private inFlight: AnswerMark | null = null;
  private answerNextAtOnce = false;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    readonly token: string,
    private readonly game: AnyGame,
    url: string,
    public thinkMs = 0,
    /** The address this person connects from, as a trusted proxy would forward it (server with TRUST_PROXY=1): a thousand people are a thousand addresses, each with its own budgets. */
    private readonly address?: string,
    /** The SDK's HTTP requests through this instead of Node's fetch (bench:recovery: http-fetch.ts). */
    private readonly fetchFn?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>,
  ) {
    this.url = url;
  }

  private client(): Client {
    return new Client(this.url, { ...(this.address ? { headers: { "x-forwarded-for": this.address } } : {}), ...(this.fetchFn ? { fetchFn: this.fetchFn } : {}) });
  }

  /** Creates a table and sits at it. */
  async create(request: Record<string, unknown>): Promise<string> {
    const room = await this.client().create("table", { ...request, name: this.name, token: this.token });
    this.attach(room);
    return room.roomId;
  }

  async join(tableId: string): Promise<void> {
    this.attach(await this.client().joinById(tableId, { name: this.name, token: this.token }));
  }

  /** Where to rejoin from now on (another process). */
  moveTo(url: string): void {
    this.url = url;
  }

  stop(): void {
    this.stopped = true;
    void this.room?.leave(true).catch(() => undefined);
  }

  until<T>(check: () => T | null | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (!value) return;
        this.waiters.delete(attempt);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(attempt);
        reject(new Error(`${this.name}: timed out waiting for ${what} (at version ${this.latest?.version}, status ${this.latest?.status})`));
      }, timeoutMs);
      this.waiters.add(attempt);
      attempt();
    });
  }

  private attach(room: Room): void {
    this.room = room;
    let droppedAt = 0;
    if (this.returnBySdk) {
      // As the web client: the SDK's reconnection first (one WebSocket, seat-return.ts), joining by id when it gives up.
      reconnectLikeOurClients(room.reconnection);
      room.onDrop((code: number) => {
        droppedAt = Date.now();
        if (process.env.HARNESS_DEBUG) console.error(`${this.name}: dropped ${code}`);
      });
    } else {
      room.reconnection.enabled = false; // straight to joining by id (matchmaking request, then the WebSocket)
    }
    const tableId = room.roomId;
    let first = true;
    // When the SDK's last reconnection try began (its successful one, once it is back).
    let triedAt = 0;
    const connection = room.connection as unknown as { reconnect: (...args: unknown[]) => void };
    const reconnect = connection.reconnect.bind(connection);
    connection.reconnect = (...args: unknown[]) => {
      triedAt = Date.now();
      this.sdkTries += 1;
      reconnect(...args);
    };
    room.onReconnect(() => {
      this.sdkReturns += 1;
      const at = Date.now();
      this.lastRejoin = { askedAt: triedAt || droppedAt, reservedAt: 0, joinedAt: at, bySdk: true };
      // Its next state is the first of the connection, as after a join.
      first = true;
    });
    room.onMessage("seated", (message: { seat: Seat | null }) => {
      this.seat = message.seat;
      // Colyseus sends the full state before the messages of onJoin: when the game had already
      // started by then (its start write was quick, the client's join answer slow), that state
      // came while the seat was still unknown and went unanswered. Answer it now.
      if (first === false && this.latest) this.play(this.latest);
    });
    room.onMessage("error", () => {
      // Refused (rate limit, or a race with a rebuilt table): ask again a moment later.
      this.inFlight = null;
      setTimeout(() => this.latest && this.play(this.latest), 200);
    });
    room.onMessage("*", () => undefined);
    room.onStateChange((state) => {
      const snapshot = (state as unknown as { toJSON(): TableSnapshot }).toJSON();
      this.latest = snapshot;
      if (first) {
        first = false;
        this.rejoinedAt.push(snapshot.version);
        // Whatever was on its way went with the old connection: this state says what is owed now.
        this.inFlight = null;
        this.promptedOnReturn = this.seat !== null && snapshot.status === "playing" && decodePrompt(snapshot, this.seat) !== null;
        this.answerNextAtOnce = this.answerAtOnceOnReturn && this.promptedOnReturn;
      }
      this.maxSeen = Math.max(this.maxSeen, snapshot.version);
      this.play(snapshot);
      for (const waiter of [...this.waiters]) waiter();
    });
    room.onLeave((code: number, reason?: string) => {
      if (process.env.HARNESS_DEBUG) console.error(`${this.name}: left ${code} ${reason}`);
      if (this.room === room) this.room = null;
      // As the web client: a table still waiting for its people comes back too.
      if (!this.stopped && (this.latest?.status === "playing" || this.latest?.status === "waiting")) void this.rejoin(tableId);
    });
  }

  private play(snapshot: TableSnapshot): void {
    if (snapshot.status !== "playing" || this.seat === null) return;
    const mark: AnswerMark = { version: snapshot.version, acted: decodeActed(snapshot, this.seat) };
    if (this.inFlight && !answerLanded(this.inFlight, mark)) return;
    this.inFlight = null;
    const prompt = decodePrompt(snapshot, this.seat);
    if (!prompt) return;
    this.inFlight = mark;
    const seat = this.seat;
    const room = this.room;
    const thinkMs = this.answerNextAtOnce ? 0 : this.thinkMs;
    this.answerNextAtOnce = false;
    // A person takes a moment; the choice depends only on what they see and the move number.
    setTimeout(() => room?.send("action", personChoice(this.game, decodeView(snapshot, seat), prompt, seat, snapshot.version)), thinkMs);
  }

  private async rejoin(tableId: string): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      this.rejoinAttempts += 1;
      try {
        const client = this.client();
        const askedAt = Date.now();
        let reservedAt = 0;
        // The two halves of a join (bench:recovery says which one the people wait for).
        const consume = client.consumeSeatReservation.bind(client);
        client.consumeSeatReservation = ((...args: Parameters<typeof consume>) => {
          reservedAt = Date.now();
          return consume(...args);
        }) as typeof client.consumeSeatReservation;
        const room = await client.joinById(tableId, { name: this.name, token: this.token });
        this.lastRejoin = { askedAt, reservedAt, joinedAt: Date.now(), bySdk: false };
        this.attach(room);
        return;
      } catch (error) {
        if (process.env.HARNESS_DEBUG) console.error(`${this.name}: rejoin failed: ${(error as Error).message}`);
        // The web client's schedule: quick at first, then growing, spread at random.
        await new Promise((done) => setTimeout(done, rejoinDelayMs(attempt)));
      }
    }
  }
}
