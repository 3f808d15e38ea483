/**
 * The fuzzers, run in a worker thread of their own so that generating and sending the attack
 * never delays the bystander's clients in the main thread (their move→patch times measure the
 * server, not the fuzzer). Each fuzzer sends from its own loopback address, so the attack spends
 * its own address budgets. What every answer was is tallied here and handed back at the end.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { Client, type Room } from "@colyseus/sdk";
import { type Random, createRandom } from "@saloon/engine";
import { LOBBY_ROOM, TABLE_ROOM, type TableSnapshot, joinErrorCode } from "@saloon/protocol";
import { anyValue, garbageFrame, hostileAction, hostileBody, hostileChat, hostileOptions, hostileQuery, hostileType } from "./hostile.ts";
import { type HttpAnswer, RawConnection, type SeatReservation, httpCall, matchmake } from "./wire.ts";

/** Every code an `error` message may carry (ProtocolErrorCode). */
const MESSAGE_CODES = new Set([
  "MALFORMED_ACTION",
  "UNKNOWN_ACTION",
  "GAME_OVER",
  "NOT_YOUR_TURN",
  "ILLEGAL_ACTION",
  "INTERNAL_ERROR",
  "NOT_SEATED",
  "NOT_STARTED",
  "RATE_LIMITED",
  "BAD_MESSAGE",
  "UNKNOWN_MESSAGE",
  "CHAT_TOO_LONG",
  "CHAT_TOO_FAST",
  "CHAT_CLOSED",
  "CHAT_FULL",
]);

/** Close codes a server may use on a hostile connection: normal, too big, Colyseus's errors, ours. */
const CLEAN_CLOSES = new Set([1000, 1001, 1009, 4000, 4002, 4100, 4101, 4102, 4103, 4212, 4213]);

export interface FuzzerConfig {
  base: string;
  wsBase: string;
  seed: string;
  perKind: number;
  kinds?: string[] | undefined;
  /** Date.now() at which the fuzzers stop. */
  deadline: number;
}

/** What the fuzzers saw, as plain data (it crosses from the worker thread). */
export interface FuzzTally {
  messagesSent: number;
  framesSent: number;
  httpRequests: number;
  refusals: Record<string, number>;
  untyped: string[];
  untypedCount: number;
  violations: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The promise's value, or a rejection after `ms`: no fuzzer may wait forever on the server. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

class Tally {
  messagesSent = 0;
  framesSent = 0;
  httpRequests = 0;
  readonly refusals: Record<string, number> = {};
  readonly untyped: string[] = [];
  readonly violations: string[] = [];
  untypedCount = 0;

  count(key: string): void {
    this.refusals[key] = (this.refusals[key] ?? 0) + 1;
  }

  untypedAnswer(what: string): void {
    this.untypedCount += 1;
    if (this.untyped.length < 25) this.untyped.push(what.slice(0, 240));
  }

  /**
   * An HTTP answer: a refusal must be typed, and nothing may be a server error. Colyseus answers
   * matchmaking refusals with its own codes as the HTTP status (520 no such room name, 521 no room
   * matches, 522 no such room, 524 expired, 525 auth, 526 refused by the room, our JoinErrorCode
   * then starting the message); 523 is its "unhandled" failure and counts as untyped like any 5xx.
   */
  http(path: string, answer: HttpAnswer, method = "GET"): void {
    if (answer.status < 400) return;
    if (method === "HEAD") {
      // No body to type: the status alone answers.
      if (answer.status >= 500) this.untypedAnswer(`${answer.status} HEAD ${path}`);
      else this.count(`http ${answer.status}`);
      return;
    }
    const json = answer.json as { error?: unknown; code?: unknown } | undefined;
    const text = typeof json?.error === "string" ? json.error : null;
    const code = text ? joinErrorCode(text) : null;
    const colyseusRefusal = path.startsWith("/matchmake/") && json?.code === answer.status && [520, 521, 522, 524, 525, 526].includes(answer.status);
    if (answer.status >= 500 && !colyseusRefusal) return this.untypedAnswer(`${answer.status} ${path}: ${answer.text.slice(0, 120)}`);
    if (code) return this.count(`http ${answer.status} ${code}`);
    if (text !== null) return this.count(`http ${answer.status}`);
    if (!path.startsWith("/api/") && !path.startsWith("/matchmake/") && answer.status === 404) return this.count("http 404");
    this.untypedAnswer(`${answer.status} ${path}: ${answer.text.slice(0, 120)}`);
  }

  /** What a room connection received and how it ended. */
  connection(connection: RawConnection, closedByUs: boolean): void {
    for (const message of connection.messages) {
      if (message.type !== "error") continue;
      const code = (message.payload as { code?: unknown } | undefined)?.code;
      if (typeof code === "string" && MESSAGE_CODES.has(code)) this.count(`ws ${code}`);
      else this.untypedAnswer(`error message ${JSON.stringify(message.payload).slice(0, 120)}`);
    }
    if (connection.closed && !closedByUs) {
      if (CLEAN_CLOSES.has(connection.closed.code)) this.count(`close ${connection.closed.code}`);
      else this.untypedAnswer(`close ${connection.closed.code} ${connection.closed.reason}`);
    }
  }
}

interface Shared {
  server: { base: string; wsBase: string };
  tally: Tally;
  /** The bystander table being played now, for the fuzzers that attack it. */
  bystanderRoom: string | null;
  running: () => boolean;
}

let tokenCounter = 0;
const fuzzToken = (random: Random) => `fuzz${random.int(0, 1e9)}-${(tokenCounter += 1)}`.padEnd(16, "z");

/** Joins through the matchmaker, tallying a refusal; the open connection or null. */
async function join(shared: Shared, method: string, target: string, options: unknown, address: string): Promise<RawConnection | null> {
  shared.tally.httpRequests += 1;
  let reservation: SeatReservation | null;
  try {
    const made = await matchmake(shared.server.base, method, target, options, address);
    reservation = made.reservation;
    if (!reservation) shared.tally.http(`/matchmake/${method}/${target}`, made.answer);
  } catch (error) {
    if (shared.running()) shared.tally.untypedAnswer(`matchmake ${method} failed: ${(error as Error).message}`);
    return null;
  }
  if (!reservation) return null;
  return RawConnection.open(shared.server.wsBase, reservation, address);
}

/** Sends a burst of hostile messages (and sometimes a garbage frame) on one connection. */
function attack(shared: Shared, connection: RawConnection, random: Random, count: number, actions: boolean): void {
  for (let i = 0; i < count && connection.open; i++) {
    if (random.int(0, 19) === 0) {
      connection.sendRaw(garbageFrame(random));
      shared.tally.framesSent += 1;
    } else if (actions && random.int(0, 2) > 0) {
      connection.send("action", hostileAction(random));
    } else if (random.int(0, 4) === 0) {
      connection.send("chat", hostileChat(random));
    } else {
      connection.send(hostileType(random), anyValue(random, 3, 400));
    }
    shared.tally.messagesSent += 1;
  }
}

/** The lobby: unknown types, bad filters, garbage frames. */
async function lobbyFuzzer(shared: Shared, random: Random, address: string): Promise<void> {
  while (shared.running()) {
    const connection = await join(shared, "joinOrCreate", LOBBY_ROOM, random.int(0, 3) ? {} : anyValue(random, 2), address);
    if (!connection) {
      await sleep(200);
      continue;
    }
    for (let round = 0; round < 5 && connection.open && shared.running(); round++) {
      connection.send("filter", random.int(0, 1) ? anyValue(random, 3) : { name: TABLE_ROOM, metadata: anyValue(random, 2) });
      attack(shared, connection, random, random.int(1, 8), false);
      shared.tally.messagesSent += 1;
      await sleep(random.int(100, 300));
    }
    const closedByUs = connection.open;
    connection.close();
    shared.tally.connection(connection, closedByUs);
  }
}

/**
 * A seated fuzzer at a table of its own: it holds seat 0 of a two-seat Fistful table whose seat
 * 1 (which owes the first decision) is held by a sitter that never moves. Nothing it sends can be
 * legal, so the table must stay at version 0; a spectator SDK client watches that it does. It
 * comes back with its token whenever it is closed (and must get seat 0 back).
 */
async function seatedFuzzer(shared: Shared, random: Random, address: string, sitterAddress: string): Promise<void> {
  while (shared.running()) {
    const token = fuzzToken(random);
    const first = await join(shared, "create", TABLE_ROOM, { game: "fistful", seats: 2, name: "Fuzz", token }, address);
    if (!first) {
      await sleep(500);
      continue;
    }
    const roomId = first.roomId;
    const sitter = await join(shared, "joinById", roomId, { name: "Sitter", token: fuzzToken(random) }, sitterAddress);
    let watcher: Room | null = null;
    let latest: TableSnapshot | null = null;
    try {
      watcher = await withTimeout(new Client(shared.server.wsBase).joinById(roomId, { spectate: true }), 5000, "a spectator's join");
      watcher.onMessage("*", () => {});
      watcher.onStateChange((state) => (latest = (state as { toJSON(): TableSnapshot }).toJSON()));
    } catch (error) {
      shared.tally.violations.push(`a spectator could not watch a fuzzed table: ${(error as Error).message}`);
    }
    let connection: RawConnection | null = first;
    for (let round = 0; round < 12 && shared.running(); round++) {
      if (!connection?.open) {
        if (connection) shared.tally.connection(connection, false);
        // Back with the same token: the seat must be ours again.
        connection = await join(shared, "joinById", roomId, { name: "Fuzz again", token }, address);
        if (connection) {
          const seated = await connection.until(() => connection!.messages.find((m) => m.type === "seated"), 2000);
          if (seated && (seated.payload as { seat?: unknown }).seat !== 0) shared.tally.violations.push("a seated player coming back with its token did not get its seat");
        }
        continue;
      }
      attack(shared, connection, random, random.int(5, 40), true);
      await sleep(random.int(100, 400));
    }
    await sleep(100);
    const snapshot = latest as TableSnapshot | null;
    if (snapshot && snapshot.version !== 0) shared.tally.violations.push(`a fuzzed table moved: version ${snapshot.version} though only refused input was sent`);
    if (connection) {
      const closedByUs = connection.open;
      connection.close();
      shared.tally.connection(connection, closedByUs);
    }
    sitter?.close();
    if (watcher) await withTimeout(watcher.leave(true), 3000, "a spectator's leave").catch(() => {});
  }
}

/** Spectators of the bystander's table that try to act, and strangers that try to sit down. */
async function bystanderFuzzer(shared: Shared, random: Random, address: string): Promise<void> {
  while (shared.running()) {
    const roomId = shared.bystanderRoom;
    if (!roomId) {
      await sleep(200);
      continue;
    }
    const options = random.int(0, 2) === 0 ? { name: "Intruder", token: fuzzToken(random), seat: random.int(0, 2) } : { spectate: true };
    const connection = await join(shared, "joinById", roomId, options, address);
    if (!connection) {
      await sleep(300);
      continue;
    }
    for (let round = 0; round < 4 && connection.open && shared.running(); round++) {
      attack(shared, connection, random, random.int(3, 15), true);
      await sleep(random.int(150, 400));
    }
    const closedByUs = connection.open;
    connection.close();
    shared.tally.connection(connection, closedByUs);
  }
}

/** Bad create and join options, and HTTP-only reservations that are never used. */
async function strangerFuzzer(shared: Shared, random: Random, address: string): Promise<void> {
  while (shared.running()) {
    const method = random.pick(["create", "joinById", "joinOrCreate", "join", "reconnect", "nonsense"]);
    const target = method === "joinById" && shared.bystanderRoom && random.int(0, 1) ? shared.bystanderRoom : random.pick([TABLE_ROOM, LOBBY_ROOM, "nope", "x".repeat(100)]);
    const connection = await join(shared, method, target, hostileOptions(random, fuzzToken(random)), address);
    if (connection) {
      // Accepted (some hostile options are harmless): leave at once, or never connect at all.
      connection.close();
      shared.tally.connection(connection, true);
    }
    await sleep(random.int(50, 250));
  }
}

/** Every HTTP endpoint with hostile queries, ids and bodies. */
async function httpFuzzer(shared: Shared, random: Random, address: string): Promise<void> {
  while (shared.running()) {
    let path: string;
    let answer: HttpAnswer;
    let method = "GET";
    try {
      const kind = random.int(0, 5);
      if (kind === 0) {
        path = `/api/matches?${hostileQuery(random)}`;
        answer = await httpCall(shared.server.base, path, { localAddress: address });
      } else if (kind === 1) {
        path = `/api/matches/${random.pick(["%00", "%E0%A4%A", "..%2f..", "x".repeat(random.int(1, 200)), "abc", "%25"])}`;
        answer = await httpCall(shared.server.base, path, { localAddress: address });
      } else if (kind === 2) {
        path = random.pick(["/health", "/api/games", "/api/nothing", "/__healthcheck", "/", "/table/abc", "/assets/x.js", "/%", "/api/matches?limit=1000"]);
        method = random.pick(["GET", "HEAD", "DELETE", "PUT"]);
        answer = await httpCall(shared.server.base, path, { method, localAddress: address });
      } else {
        path = `/matchmake/${random.pick(["create", "joinById", "join", "joinOrCreate", "reconnect"])}/${random.pick([TABLE_ROOM, LOBBY_ROOM, "zzz"])}`;
        const { body, headers } = hostileBody(random, fuzzToken(random));
        method = "POST";
        answer = await httpCall(shared.server.base, path, { method, body, headers, localAddress: address });
        if (answer.status === 200) {
          // A reservation nobody will use: it must expire without harm.
        }
      }
      shared.tally.httpRequests += 1;
      shared.tally.http(path, answer, method);
    } catch (error) {
      // A request the server cut off (an unread oversized body) ends like this: not a refusal to type.
      const message = (error as Error).message;
      if (!/ECONNRESET|EPIPE|socket hang up/.test(message) && shared.running()) shared.tally.untypedAnswer(`http failed: ${message}`);
    }
    await sleep(random.int(20, 120));
  }
}

/** Runs every fuzzer until the deadline (or `stopped()`), and returns the tally. */
export async function runFuzzers(config: FuzzerConfig, shared: { bystanderRoom: string | null; stopped: boolean }): Promise<FuzzTally> {
  const tally = new Tally();
  const state: Shared = {
    server: { base: config.base, wsBase: config.wsBase },
    tally,
    get bystanderRoom() {
      return shared.bystanderRoom;
    },
    set bystanderRoom(value) {
      shared.bystanderRoom = value;
    },
    running: () => Date.now() < config.deadline && !shared.stopped,
  };
  const fuzzers: Promise<void>[] = [];
  let octet = 2;
  const nextAddress = () => `127.0.0.${octet++}`;
  const wanted = (kind: string) => !config.kinds || config.kinds.includes(kind);
  for (let i = 0; i < config.perKind; i++) {
    const random = (kind: string) => createRandom(`${config.seed}:${kind}:${i}`);
    if (wanted("lobby")) fuzzers.push(lobbyFuzzer(state, random("lobby"), nextAddress()));
    if (wanted("seated")) fuzzers.push(seatedFuzzer(state, random("seated"), nextAddress(), nextAddress()));
    if (wanted("bystander")) fuzzers.push(bystanderFuzzer(state, random("bystander"), nextAddress()));
    if (wanted("stranger")) fuzzers.push(strangerFuzzer(state, random("stranger"), nextAddress()));
    if (wanted("http")) fuzzers.push(httpFuzzer(state, random("http"), nextAddress()));
  }
  const progress = setInterval(() => parentPort?.postMessage({ progress: { messagesSent: tally.messagesSent, httpRequests: tally.httpRequests } } satisfies FromWorker), 10_000);
  await Promise.all(fuzzers.map((fuzzer) => fuzzer.catch((error: unknown) => tally.violations.push(`a fuzzer failed: ${(error as Error).stack ?? error}`))));
  clearInterval(progress);
  return {
    messagesSent: tally.messagesSent,
    framesSent: tally.framesSent,
    httpRequests: tally.httpRequests,
    refusals: tally.refusals,
    untyped: tally.untyped,
    untypedCount: tally.untypedCount,
    violations: tally.violations,
  };
}

/** Messages between run.ts and this worker. */
export type ToWorker = { bystanderRoom: string } | { stop: true };
export type FromWorker = { progress: { messagesSent: number; httpRequests: number } } | { done: FuzzTally };

if (!isMainThread && parentPort && (workerData as { fuzz?: FuzzerConfig } | null)?.fuzz) {
  const port = parentPort;
  const shared = { bystanderRoom: null as string | null, stopped: false };
  port.on("message", (message: ToWorker) => {
    if ("bystanderRoom" in message) shared.bystanderRoom = message.bystanderRoom;
    else shared.stopped = true;
  });
  runFuzzers((workerData as { fuzz: FuzzerConfig }).fuzz, shared).then((tally) => {
    port.postMessage({ done: tally } satisfies FromWorker);
  });
}
