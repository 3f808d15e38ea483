/**
 * A thread of its own for the bots whose decisions are long. El Paso's bot searches a turn's
 * destinations and trials: on the server (no search carried between decisions) its decisions
 * took p50 0.07 ms but p99 12 ms and up to 40 ms (docs/sync-journal.md), and every such decision
 * held the tables' event loop, so every move that came in meanwhile waited for it. The thread
 * keeps its own copy of each table it decides for (bot-mirror.ts): a question carries the actions
 * the table took since the thread's last question from it, and the seat and its dice (bot-random.ts:
 * never the table's seed); the thread brings its copy up to date with the rules, makes the seat's
 * view and lets the bot decide, exactly as it would inline (bot-mirror.test.ts). The table's whole
 * game goes only with its first question, and again after a step was taken back or the thread
 * lost its copy.
 *
 * Why a copy there rather than the seat's view sent each time: the view's copy into the message
 * cost the event loop 65–80 µs a decision, and making the view more (docs/sync-journal.md,
 * twenty-fifth session); the actions since the last question are a few small objects.
 *
 * Cheap bots (Fistful's, El Gaucho's decide in microseconds) stay on the event loop: following
 * their tables in the thread would cost about what deciding costs.
 */
import { Worker } from "node:worker_threads";
import type { LoggedAction, RngState, Seat } from "@saloon/engine";

/** One decision asked of the thread, for one seat of one table. */
export interface BotQuestion {
  /** The table's key in the thread: unique to one table's bots in this process (TableBots). */
  table: number;
  /** The whole game as it stood after `moves` actions: when the thread may not have the table. */
  base?: { state: unknown; moves: number };
  /** How many of the table's actions the thread had been given before `actions`. */
  fromMove: number;
  /** The table's actions since (after `base`, none). */
  actions: LoggedAction[];
  seat: Seat;
  dice: RngState;
}

export type BotRequest = { id: number; game: string } & BotQuestion;

/** The thread drops its copy of a table (its game ended, or it closed). */
export interface BotForget {
  forget: number;
}

/**
 * The bot's action; or the bot threw (`failed`); or the thread cannot decide: it does not know the
 * game, or its copy of the table is not where the question starts (`unavailable`).
 */
export type BotAnswer = { id: number; action: unknown } | { id: number; failed: string } | { id: number; unavailable: string };

/**
 * The thread could not decide (it failed, ended, does not know the game, or has no copy of the
 * table where the question starts): decide on the main thread instead, and send the table's whole
 * game with its next question.
 */
export class BotThreadUnavailable extends Error {}

/** The bot itself threw in the thread: as inline, the table takes the first option. */
export class BotFailed extends Error {}

// Set by the server's build (scripts/build.mjs) to the bundled worker beside main.js; absent
// when the sources run under tsx or vitest, where the worker loads its TypeScript through tsx's
// API (a worker does not inherit the main thread's loader), as the fuzz worker does.
declare const SALOON_BOT_WORKER_URL: string | undefined;

function startWorker(): Worker {
  if (typeof SALOON_BOT_WORKER_URL === "string") return new Worker(new URL(SALOON_BOT_WORKER_URL));
  const source = new URL("./bot-worker.ts", import.meta.url).href;
  return new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`, { eval: true });
}

/** How long the thread stays down after it failed or ended: decisions are made on the main thread meanwhile. */
export const BOT_THREAD_RETRY_MS = 30_000;

/**
 * How long the thread may go without answering while decisions wait on it before it is taken for
 * stuck (a bot that never returns: a loop in its search) and ended. A decision takes
 * milliseconds (p99 12 ms, the longest seen 40 ms); seconds without any answer is no queue.
 */
export const BOT_THREAD_STALL_MS = 10_000;

/**
 * The thread's niceness (Linux, thread-priority.ts): below the tables' event loop. Each decision
 * posted wakes the thread, and the scheduler tended to run the woken thread at once on the event
 * loop's core, so the loop, runnable, waited for it (its writes and posts looked slow in its
 * profile). A bot's move waits out its delay anyway; a person's move waits for nothing else.
 * 1,000 El Paso tables, PostgreSQL, three alternated pairs (docs/sync-journal.md, twenty-fourth
 * session): the event loop runnable but waiting for a CPU 30, 31, 31 % → 25, 21, 23 % of the
 * window, person p99 46.8, 122.4, 106.5 → 42.7, 37.3, 84.3 ms; posting a decision took 145 µs
 * on average (p99 1.3–4 ms) → 85–90 µs (p99 0.4–0.8 ms).
 */
export const BOT_THREAD_NICENESS = 10;

export interface BotThinkerOptions {
  /** See BOT_THREAD_STALL_MS. */
  stallMs?: number;
  /** Starts the thread (tests: a worker of their own). */
  startWorker?: () => Worker;
}

export class BotThinker {
  /** The thread's answers so far, by kind: decisions made there, bots that threw, questions it could not answer. */
  readonly answers = { decided: 0, failed: 0, unavailable: 0 };
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve(action: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  /** Until when (performance.now()) the thread is not started again after a failure. */
  private downUntil = 0;
  /** When the thread last answered, or last began to work after it had nothing to do. */
  private progressAt = 0;
  private watchdog: NodeJS.Timeout | null = null;
  private readonly stallMs: number;
  private readonly startWorker: () => Worker;

  /**
   * @param games the games whose bots decide in the thread
   * @param onLost told once each time the thread fails, ends by itself or is ended as stuck (not when closed)
   */
  constructor(
    readonly games: ReadonlySet<string>,
    private readonly onLost: (error: Error) => void = () => {},
    options: BotThinkerOptions = {},
  ) {
    this.stallMs = options.stallMs ?? BOT_THREAD_STALL_MS;
    this.startWorker = options.startWorker ?? startWorker;
  }

  /** Whether `game`'s bots decide in the thread. */
  takes(game: string): boolean {
    return this.games.has(game);
  }

  /** The bot's action; rejects with BotFailed (the bot threw) or BotThreadUnavailable. */
  decide(game: string, question: BotQuestion): Promise<unknown> {
    if (!this.worker && performance.now() < this.downUntil) return Promise.reject(new BotThreadUnavailable("the bots' thread is down"));
    let worker: Worker;
    try {
      worker = this.worker ??= this.start();
    } catch (error) {
      return Promise.reject(this.down(new BotThreadUnavailable(`the bots' thread did not start: ${(error as Error).message}`)));
    }
    const id = ++this.nextId;
    if (this.waiting.size === 0) this.progressAt = performance.now();
    this.watch();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, game, ...question } satisfies BotRequest);
      } catch (error) {
        this.waiting.delete(id);
        reject(new BotThreadUnavailable(`could not ask the bots' thread: ${(error as Error).message}`));
      }
    });
  }

  /** The thread may drop its copy of `table` (nothing to do while no thread runs: a new one has no copies). */
  forget(table: number): void {
    try {
      this.worker?.postMessage({ forget: table } satisfies BotForget);
    } catch {
      // A thread that cannot be posted to is lost: its copies go with it.
    }
  }

  /** Ends the thread; decisions still waiting are answered as unavailable. A later decision starts it again. */
  async close(): Promise<void> {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    const worker = this.worker;
    if (!worker) return;
    this.lost(worker, new BotThreadUnavailable("the bots' thread was closed"));
    worker.removeAllListeners("exit");
    worker.removeAllListeners("error");
    await worker.terminate();
  }

  private start(): Worker {
    const worker = this.startWorker();
    // The thread never keeps the process alive on its own: a server that stops closes it.
    worker.unref();
    worker.on("message", (answer: BotAnswer) => {
      this.progressAt = performance.now();
      this.answers["action" in answer ? "decided" : "failed" in answer ? "failed" : "unavailable"] += 1;
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if ("action" in answer) waiting.resolve(answer.action);
      else if ("failed" in answer) waiting.reject(new BotFailed(answer.failed));
      else waiting.reject(new BotThreadUnavailable(answer.unavailable));
    });
    worker.on("error", (error) => this.lost(worker, this.down(new BotThreadUnavailable(`the bots' thread failed: ${error.message}`))));
    worker.on("exit", (code) => this.lost(worker, this.down(new BotThreadUnavailable(`the bots' thread ended (code ${code})`))));
    return worker;
  }

  /** Checks, while decisions wait, that the thread keeps answering (see BOT_THREAD_STALL_MS). */
  private watch(): void {
    if (this.watchdog) return;
    const due = Math.max(0, this.progressAt + this.stallMs - performance.now());
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.waiting.size === 0 || !this.worker) return;
      if (performance.now() - this.progressAt >= this.stallMs) this.stalled(this.worker);
      else this.watch();
    }, due);
    this.watchdog.unref();
  }

  /**
   * The thread has not answered for stallMs: it is stuck in the decision it took first (it takes
   * them in order). That decision fails as a bot that threw does (its first option: deciding it
   * here would hold the event loop as long); the others are answered as unavailable and decided
   * here. The thread is ended, and the next decision starts another at once.
   */
  private stalled(worker: Worker): void {
    const [first] = this.waiting.keys();
    const stuck = this.waiting.get(first!)!;
    this.waiting.delete(first!);
    const error = new BotFailed(`the bot did not decide within ${this.stallMs} ms; its thread was ended`);
    this.onLost(error);
    stuck.reject(error);
    this.lost(worker, new BotThreadUnavailable("the bots' thread was ended as stuck"));
    worker.removeAllListeners("exit");
    worker.removeAllListeners("error");
    void worker.terminate();
  }

  /** The thread failed or ended by itself: not started again for BOT_THREAD_RETRY_MS (a missing or broken worker is not restarted per decision). */
  private down(error: Error): Error {
    if (this.worker !== null || performance.now() >= this.downUntil) this.onLost(error);
    this.downUntil = performance.now() + BOT_THREAD_RETRY_MS;
    return error;
  }

  /** The thread is gone: what waited on it is answered as unavailable, and the next decision starts another. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = null;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
