/**
 * Shared by the server tests (not part of the server): a server with test settings, SDK
 * clients that record everything they receive, and small waiting helpers.
 *
 * Raw frames are captured by wrapping the SDK's WebSocket transport at `connect`, so every
 * byte the server sent to a client, before any decoding, is kept per connection.
 */
import { type Room as SdkRoom } from "@colyseus/sdk";
import { WebSocketTransport as SdkWebSocketTransport } from "@colyseus/sdk/transport/WebSocketTransport";
import { ColyseusTestServer } from "@colyseus/testing";
import { type ActionBase, type AnyGame, type Game, type LogEvent, type Prompt, type RngState, type Seat, createRandom } from "@saloon/engine";
import { games } from "@saloon/catalog";
import {
  type AnswerMark,
  type ChatLine,
  type ChatMessage,
  type ErrorMessage,
  type LogMessage,
  type SeatedMessage,
  TABLE_ROOM,
  type TableSnapshot,
  answerLanded,
  decodeActed,
  decodePrompt,
  decodeView,
} from "@saloon/protocol";
import { MatchStore, openDatabase } from "@saloon/db";
import { pino } from "pino";
import type { EventLog } from "./event-log.ts";
import { type SaloonServer, type SaloonServerConfig, createSaloonServer } from "./app.ts";
import { freePort } from "./process-harness.ts";
import type { TableRoom } from "./table-room.ts";
import { hiddenHands } from "./test-games/hidden-hands.ts";

// ------------------------------------------------------------------ raw frame capture

const framesByTransport = new WeakMap<object, Uint8Array[]>();
const originalConnect = SdkWebSocketTransport.prototype.connect;
SdkWebSocketTransport.prototype.connect = function (this: SdkWebSocketTransport, url: string, headers?: unknown) {
  originalConnect.call(this, url, headers);
  const frames = framesByTransport.get(this) ?? [];
  framesByTransport.set(this, frames);
  const socket = this.ws as { onmessage: ((event: { data: unknown }) => void) | null };
  const deliver = socket.onmessage;
  socket.onmessage = (event) => {
    const data = event.data;
    if (data instanceof ArrayBuffer) frames.push(new Uint8Array(data.slice(0)));
    else if (ArrayBuffer.isView(data)) frames.push(new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)));
    else frames.push(new TextEncoder().encode(String(data)));
    deliver?.call(socket, event);
  };
};

// ------------------------------------------------------------------ test games and server

/** Every RNG state any game reached on the server, to prove none of them went out. */
export const rngStatesSeen: RngState[] = [];

/** Wraps a game so every state it produces reports its RNG state to `rngStatesSeen`. */
export function watchRng<G extends AnyGame>(game: G): G {
  const record = (state: unknown) => {
    const rng = (state as { rng?: RngState }).rng;
    if (Array.isArray(rng)) rngStatesSeen.push([...rng]);
  };
  return {
    ...game,
    setup(seed, seats, options) {
      const state = game.setup(seed, seats, options);
      record(state);
      return state;
    },
    apply(state, seat, action) {
      const result = game.apply(state, seat, action);
      if (result.ok) record(result.state);
      return result;
    },
  };
}

/** Every game of the catalog plus the hidden-hands test game, each reporting its RNG states. */
export const testGames: Record<string, AnyGame> = Object.fromEntries(
  [...Object.values(games), hiddenHands].map((game) => [game.id, watchRng(game)]),
);

export const testLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });

const plenty = { perSecond: 10_000, burst: 10_000 };
const GENEROUS_MATCHMAKING = { matchmakePerAddress: plenty, createsPerAddress: plenty, createsPerPerson: plenty };

/**
 * A server with test settings on a free loopback port. (`boot(server)` always takes port 2568,
 * which collides when two test runs share a machine; ColyseusTestServer itself takes any port.)
 */
export async function bootTestServer(
  overrides: Partial<SaloonServerConfig> = {},
): Promise<ColyseusTestServer & { store: MatchStore; saloon: SaloonServer }> {
  // Every table records its match; unless a test brings its own store, an in-memory PGlite.
  const database = overrides.store ? null : await openDatabase({ kind: "pglite", dataDir: "memory://" });
  const store = overrides.store ?? new MatchStore(database!.prisma, testLogger);
  const server = createSaloonServer({
    store,
    games: testGames,
    botDelayMs: 0,
    seatReservationSeconds: 5,
    logger: testLogger,
    ...overrides,
    // Test files create many tables from one address; the attack tests set tight budgets.
    budgets: { ...GENEROUS_MATCHMAKING, ...overrides.budgets },
  });
  await server.listen(await freePort(), "127.0.0.1");
  await server.keeper.start();
  const colyseus = new ColyseusTestServer(server);
  colyseus.shutdown = async () => {
    await server.stop();
    await database?.close();
  };
  return Object.assign(colyseus, { store, saloon: server });
}

/** A server bootTestServer started, with its store. */
export type TestServer = Awaited<ReturnType<typeof bootTestServer>>;

/** The HTTP base address of a test server. */
export function httpBase(colyseus: ColyseusTestServer): string {
  return `http://127.0.0.1:${(colyseus.server as unknown as { port: number }).port}`;
}


// ------------------------------------------------------------------ recording clients

export interface ReceivedMessage {
  type: string;
  payload: unknown;
}

/** An SDK room plus everything it received: decoded snapshots, messages and raw frames. */
export class Recorder {
  readonly snapshots: TableSnapshot[] = [];
  readonly messages: ReceivedMessage[] = [];
  seat: Seat | null | undefined = undefined;
  left: { code: number; reason?: string } | null = null;
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<(type: string, payload: unknown) => void>();

  constructor(
    readonly label: string,
    readonly room: SdkRoom,
  ) {
    room.onStateChange((state) => {
      this.snapshots.push((state as { toJSON(): TableSnapshot }).toJSON());
      this.notify();
    });
    room.onMessage("*", (type, payload) => {
      this.messages.push({ type: String(type), payload });
      if (type === "seated") this.seat = (payload as SeatedMessage).seat;
      for (const listener of this.listeners) listener(String(type), payload);
      this.notify();
    });
    room.onLeave((code, reason) => {
      this.left = { code, ...(reason === undefined ? {} : { reason }) };
      this.notify();
    });
  }

  get latest(): TableSnapshot {
    const snapshot = this.snapshots.at(-1);
    if (!snapshot) throw new Error(`${this.label} has no state yet`);
    return snapshot;
  }

  /** Raw frames received by this connection (across reconnections of the same SDK room). */
  frames(): Uint8Array[] {
    return framesByTransport.get(this.room.connection.transport) ?? [];
  }

  /** Every received frame as text (latin1), for searching secrets in the bytes on the wire. */
  wireText(): string {
    return this.frames()
      .map((frame) => Buffer.from(frame).toString("latin1"))
      .join("\n");
  }

  /** Everything decoded: snapshots and message payloads, as JSON text. */
  decodedText(): string {
    return JSON.stringify({ snapshots: this.snapshots, messages: this.messages });
  }

  /** Also hands every received message to `listener` (the SDK allows one "*" handler, the recorder's). */
  onAnyMessage(listener: (type: string, payload: unknown) => void): void {
    this.listeners.add(listener);
  }

  errors(): ErrorMessage[] {
    return this.messages.filter((m) => m.type === "error").map((m) => m.payload as ErrorMessage);
  }

  logMessages(): LogMessage[] {
    return this.messages.filter((m) => m.type === "log").map((m) => m.payload as LogMessage);
  }

  /**
   * Resolves once `check` holds, re-checking on everything this client receives. The default wait
   * is generous (under the 20 s test limit): in CI beside the browser tests on a slow day a join
   * took over 5 s (ownership.test, 7 Dec 2026) that takes under one alone.
   */
  until<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value) {
          this.waiters.delete(attempt);
          clearTimeout(timer);
          resolve(value);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(attempt);
        reject(new Error(`${this.label}: timed out waiting for ${what}`));
      }, timeoutMs);
      if (!attempt()) this.waiters.add(attempt);
    });
  }

  /** The next error message after the ones already received. */
  nextError(what = "an error message"): Promise<ErrorMessage> {
    const seen = this.errors().length;
    return this.until(() => this.errors()[seen], what);
  }

  /** The seat's prompt in the latest state (null: nothing to decide now). */
  prompt(): Prompt<ActionBase> | null {
    return decodePrompt(this.latest, this.seat!);
  }

  /** The game as this client's seat (or a spectator) sees it in the latest state. */
  view(): unknown {
    return decodeView(this.latest, this.seat!);
  }

  /** Every chat line this client was sent, in order, as it would show them (a full history replaces). */
  chatLines(): ChatLine[] {
    let lines: ChatLine[] = [];
    for (const message of this.messages) {
      if (message.type !== "chat") continue;
      const chat = message.payload as ChatMessage;
      lines = chat.replace ? [...chat.lines] : [...lines, ...chat.lines];
    }
    return lines;
  }

  /**
   * Sends one action and waits until the table has taken it: its version moved on, and the seat's
   * own part (a separate patch after the shared one) has followed, or nothing more came. Throws
   * if the table refused it.
   */
  async act(action: ActionBase): Promise<void> {
    const promptText = () => this.latest.seats[this.seat!]?.secret?.prompt ?? "";
    const version = this.latest.version;
    const asked = promptText();
    const errors = this.errors().length;
    this.room.send("action", action);
    await this.until(() => this.latest.version !== version || this.errors().length > errors, "the action's answer");
    const refused = this.errors().slice(errors);
    if (refused.length > 0) throw new Error(`${this.label}: the table refused ${JSON.stringify(action)}: ${JSON.stringify(refused)}`);
    await this.until(() => promptText() !== asked, "the seat's own patch", 300).catch(() => undefined);
  }

  untilVersion(version: number, timeoutMs?: number): Promise<TableSnapshot> {
    return this.until(() => this.snapshots.find((s) => s.version >= version), `version ${version}`, timeoutMs);
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

export async function record(label: string, joining: Promise<SdkRoom>): Promise<Recorder> {
  const recorder = new Recorder(label, await joining);
  await recorder.until(() => recorder.snapshots.length > 0 && recorder.seat !== undefined, "the first state and the seated message");
  return recorder;
}

let tokenCounter = 0;
/** A fresh guest token (16+ URL-safe characters). */
export function token(name: string): string {
  tokenCounter += 1;
  return `${name.replace(/[^A-Za-z0-9]/g, "")}-token-${tokenCounter}-${Date.now()}`.padEnd(16, "x");
}

/**
 * Makes a recorded client play its seat whenever it owes a decision, choosing with the game's
 * bot on what the client itself decoded (so it can only use what it received).
 */
export function autoPlay(player: Recorder, game: Game<any, ActionBase, any, any>, seed = player.label): () => void {
  const random = createRandom(seed);
  // The answer on its way, by where the table stood when it was sent. With simultaneous prompts
  // another seat's action brings a new snapshot with the same question before ours is applied:
  // it must not be answered twice. Ours has landed once the seat's `acted` changed (answerLanded),
  // or was refused (an error); then the question shown is a new one, even when it reads the same.
  let inFlight: AnswerMark | null = null;
  let stopped = false;
  const onRefusal = (type: string, payload: unknown) => {
    if (type !== "error" || stopped) return;
    const code = (payload as ErrorMessage).code;
    if (code.startsWith("CHAT_")) return; // a chat line's refusal, not the action's
    inFlight = null;
    // A refused message was not acted on: ask again (a little later, when the rate limit refills).
    setTimeout(act, code === "RATE_LIMITED" ? 150 : 0);
  };
  player.onAnyMessage(onRefusal);
  const act = () => {
    const snapshot = player.snapshots.at(-1);
    const seat = player.seat;
    if (stopped || !snapshot || seat === null || seat === undefined || snapshot.status !== "playing") return;
    const mark: AnswerMark = { version: snapshot.version, acted: decodeActed(snapshot, seat) };
    if (inFlight && !answerLanded(inFlight, mark)) return;
    inFlight = null;
    const prompt = decodePrompt(snapshot, seat);
    if (!prompt) return;
    inFlight = mark;
    player.room.send("action", game.bot(decodeView(snapshot, seat), prompt, random));
  };
  player.room.onStateChange(act);
  act();
  return () => {
    stopped = true;
    player.room.onStateChange.remove(act);
  };
}

/**
 * Every state a seated client received whose `acted` is not the version right after that seat's
 * latest action up to that state's version (the table's actions, none taken back): what a
 * client relies on to know its answer landed. Empty when all of them are right.
 */
export function actedMismatches(player: Recorder, actions: readonly { seat: Seat }[]): string[] {
  const seat = player.seat!;
  const wrong: string[] = [];
  for (const snapshot of player.snapshots) {
    let expected = 0;
    for (let index = Math.min(snapshot.version, actions.length) - 1; index >= 0; index--) {
      if (actions[index]!.seat === seat) {
        expected = index + 1;
        break;
      }
    }
    const acted = decodeActed(snapshot, seat);
    if (acted !== expected) wrong.push(`${player.label} at version ${snapshot.version}: acted ${acted}, expected ${expected}`);
  }
  return wrong;
}

/**
 * A table's actions as the store holds them, in order: the log a table is rebuilt from. The room
 * keeps only who made each one (`actedBy`); every action it showed anyone is stored already.
 */
export async function storedActions(colyseus: { store: MatchStore }, matchId: string): Promise<{ seat: Seat; action: ActionBase }[]> {
  const rows = await colyseus.store.prisma.matchAction.findMany({ where: { matchId }, orderBy: { index: "asc" }, select: { seat: true, action: true } });
  return rows.map((row) => ({ seat: row.seat, action: row.action as ActionBase }));
}

/**
 * A whole game at a real table, as the leak tests need it: Ann and Bob (people whose clients play
 * with `chooser`'s bot on what they decoded), a server bot in seat 2, and a spectator, to the end.
 * Returns the three clients, the final snapshot, and what the room held at the end (seed, state,
 * every event) with the stored actions, to compare what each client received with.
 */
export async function playWholeGame(colyseus: ColyseusTestServer & { store: MatchStore }, game: AnyGame, chooser: AnyGame = game) {
  const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: game.id, seats: 3, bots: [2], name: "Ann", token: token("ann") }));
  const tableId = ann.room.roomId;
  const watcher = await record("watcher", colyseus.sdk.joinById(tableId, { spectate: true }));
  const bob = await record("bob", colyseus.sdk.joinById(tableId, { name: "Bob", token: token("bob") }));
  autoPlay(ann, chooser);
  autoPlay(bob, chooser);
  const finished = (player: Recorder) => player.until(() => player.snapshots.find((s) => s.status === "finished"), "the end of the game", 60_000);
  const [end] = await Promise.all([finished(watcher), finished(ann), finished(bob)]);
  const room = colyseus.getRoomById<TableRoom>(tableId);
  return {
    ann,
    bob,
    watcher,
    end,
    seed: room["seed"] as string,
    state: room["gameState"] as unknown,
    events: (room["events"] as EventLog).toArray(),
    actions: await storedActions(colyseus, tableId),
  };
}

/** Every key, at any depth, of a JSON value (to prove a secret field never reached a client). */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the event loop's turns until stopped: an immediate re-queued from an immediate runs one turn later. */
export function countLoopTurns(): { readonly turn: number; stop(): void } {
  let turn = 0;
  let counting = true;
  const count = () => {
    turn += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return {
    get turn() {
      return turn;
    },
    stop: () => {
      counting = false;
    },
  };
}
