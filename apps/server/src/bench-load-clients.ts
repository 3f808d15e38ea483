/**
 * bench:load's clients (bench-load.ts): real SDK clients over loopback, run in worker threads so
 * that the load they make is not held back by their own event loop (at 300 tables on one
 * thread the server sat half idle while the clients' moves waited hundreds of ms for them).
 * Each worker plays its share of the tables and, when told to stop, posts what it measured.
 */
import { PerformanceObserver, constants, performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { Client, type Room } from "@colyseus/sdk";
import { games } from "@saloon/catalog";
import { type AnyGame, type Prompt, createRandom } from "@saloon/engine";
import { type AnswerMark, type TableSnapshot, answerLanded, viewReader } from "@saloon/protocol";
import type { ClientGc } from "./bench-load-trace.ts";
import { monotonicFrom, monotonicMs } from "./move-trace.ts";
import { botWait } from "./table-bots.ts";

/** What one worker is asked to play. */
export interface ClientShare {
  gameId: string;
  url: string;
  /** Table indexes [from, to) of the whole run. */
  from: number;
  to: number;
  seats: number;
  /** Actions per second per table (0: at once). */
  rate: number;
  spectators: boolean;
  /** Record each person's move on the monotonic clock, for joining with the server's trace (--trace). */
  trace: boolean;
}

/** A person's move as its client saw it, on the machine's monotonic clock (move-trace.ts). */
export interface ClientMove {
  room: string;
  /** The version that showed the move (its seat's `acted`). */
  version: number;
  sent: number;
  /** The socket's message that carried it, before the SDK decoded it. */
  arrived: number;
  /** The SDK's state callback. */
  landed: number;
}

/** What connections of one kind received and how fast, inside the measuring window. */
export interface Tally {
  patchBytes: number;
  dataBytes: number;
  versions: number;
  viewBytes: number;
  viewSamples: number;
  latencies: number[];
}

/** What a worker posts when it stops. */
export interface ShareResult {
  player: Tally;
  spectator: Tally;
  /** Actions the server refused, since the tables opened / inside the measuring window. */
  refused: number;
  refusedMeasured: number;
  finished: number;
  failures: string[];
  /** Share of the measuring window this thread's event loop was busy (0–1): near 1, the clients themselves hold the moves back. */
  busy: number;
  /** --trace: the person's moves in the window, this thread's long turns and its GC pauses ([start, end]). */
  moves: ClientMove[];
  stalls: [number, number][];
  gcs: ClientGc[];
}

/** worker → bench: the tables are open ("opened"), or the results ("result"). main → worker: "collect", "measure", "stop". */
export type WorkerMessage = { type: "opened" } | { type: "result"; result: ShareResult };

const PATCH = 15; // @colyseus/shared-types Protocol.ROOM_STATE_PATCH
const FULL_STATE = 14; // Protocol.ROOM_STATE (on join)
const DATA = 13; // Protocol.ROOM_DATA: our messages (the log)

export function emptyTally(): Tally {
  return { patchBytes: 0, dataBytes: 0, versions: 0, viewBytes: 0, viewSamples: 0, latencies: [] };
}

/** Adds `from` into `into`. */
export function addTally(into: Tally, from: Tally): void {
  into.patchBytes += from.patchBytes;
  into.dataBytes += from.dataBytes;
  into.versions += from.versions;
  into.viewBytes += from.viewBytes;
  into.viewSamples += from.viewSamples;
  for (const latency of from.latencies) into.latencies.push(latency);
}

/** What one connection received and how fast, inside the measuring window. */
class Receiver {
  readonly tally = emptyTally();
  measuring = false;
  private lastVersion = -1;
  /** When the person's answer on its way was sent, and the versions this connection saw since (a spectator's). */
  private sentAt: number | null = null;
  private arrivals: { version: number; at: number }[] = [];
  /** The person's answer landed as `version`; this connection has not seen that version yet. */
  private expecting: { version: number; at: number } | null = null;

  /** When the last state patch reached this connection, before the SDK decoded it (--trace). */
  patchArrived = 0;

  constructor(readonly room: Room, trace = false) {
    const ws = (room.connection as unknown as { transport: { ws: { addEventListener(type: "message", listener: (event: { data: ArrayBuffer }) => void): void; prependListener(type: "message", listener: (data: ArrayBuffer) => void): void } } }).transport.ws;
    // ws (Node) emits "message" to the SDK's handler first, which decodes and calls back: stamp before it.
    if (trace) ws.prependListener("message", (data) => {
      // binaryType "arraybuffer": ws hands its listeners an ArrayBuffer.
      if ((new Uint8Array(data, 0, 1)[0]! & 0x1f) === PATCH) this.patchArrived = monotonicMs();
    });
    ws.addEventListener("message", (event) => {
      if (!this.measuring) return;
      const bytes = new Uint8Array(event.data);
      const code = bytes[0]! & 0x1f;
      if (code === PATCH || code === FULL_STATE) this.tally.patchBytes += bytes.byteLength;
      else if (code === DATA) this.tally.dataBytes += bytes.byteLength;
    });
  }

  /** A new version arrived. */
  advanced(now: number, version: number): void {
    // One patch may carry several moves (a bot's answer right behind the person's): count versions.
    if (this.measuring && this.lastVersion >= 0) this.tally.versions += Math.max(0, version - this.lastVersion);
    this.lastVersion = version;
    if (this.expecting && version >= this.expecting.version) {
      this.record(now - this.expecting.at);
      this.expecting = null;
    } else if (this.sentAt !== null) this.arrivals.push({ version, at: now });
  }

  record(latency: number): void {
    if (this.measuring) this.tally.latencies.push(latency);
  }

  /** The person sent an answer (a spectator starts noting which versions it sees when). */
  sent(at: number): void {
    this.sentAt = at;
    this.arrivals = [];
    this.expecting = null;
  }

  /**
   * The person's answer, sent at `sentAt`, landed as `version` (its `acted`): at a spectator, its
   * latency ends at the first patch that reached that version, seen already or still to come.
   * Bots' moves that came first do not count.
   */
  landedAs(version: number): void {
    const at = this.sentAt;
    if (at === null) return;
    this.sentAt = null;
    const seen = this.arrivals.find((arrival) => arrival.version >= version);
    this.arrivals = [];
    if (seen) this.record(seen.at - at);
    else this.expecting = { version, at };
  }

  /** The person's answer was refused: nothing to wait for. */
  dropped(): void {
    this.sentAt = null;
    this.arrivals = [];
  }

  /** The whole view this client rebuilt (decodeView) and its prompt: what resending everything would cost. */
  sampleView(view: unknown, promptText: string): void {
    if (!this.measuring) return;
    this.tally.viewBytes += Buffer.byteLength(JSON.stringify(view)) + Buffer.byteLength(promptText);
    this.tally.viewSamples += 1;
  }
}

interface Totals {
  moves: ClientMove[];
  player: Receiver[];
  spectator: Receiver[];
  refused: number;
  refusedMeasured: number;
  finished: number;
  failures: string[];
}

/** One table under load: a person playing a seat with the game's bot, and maybe a spectator. */
class LoadTable {
  private stopped = false;
  private player: Receiver | null = null;
  private spectator: Receiver | null = null;
  private measuring = false;

  constructor(
    private readonly share: ClientShare,
    private readonly game: AnyGame,
    private readonly index: number,
    private readonly totals: Totals,
  ) {}

  async open(): Promise<void> {
    const { seats, url } = this.share;
    const token = `load-${this.index}-${Date.now()}-${Math.random().toString(36).slice(2)}`.padEnd(16, "x");
    const bots = Array.from({ length: seats - 1 }, (_, i) => i + 1);
    const client = new Client(url);
    const room = await client.create("table", { game: this.game.id, seats, bots, name: `Load ${this.index}`, token });
    const player = new Receiver(room, this.share.trace);
    player.measuring = this.measuring;
    this.player = player;
    this.totals.player.push(player);
    this.play(room, player, 0);
    if (this.share.spectators) {
      const watching = await new Client(url).joinById(room.roomId, { spectate: true });
      const spectator = new Receiver(watching);
      spectator.measuring = this.measuring;
      this.spectator = spectator;
      this.totals.spectator.push(spectator);
      let seen = -1;
      const spectatorView = viewReader(null);
      watching.onStateChange((state) => {
        const version = (state as unknown as { version: number }).version;
        if (version === seen) return;
        seen = version;
        spectator.advanced(performance.now(), version);
        // Sample the whole view now and then: rebuilding it is what the client does anyway.
        if (spectator.tally.viewSamples === 0 || version % 10 === 0) spectator.sampleView(spectatorView((state as unknown as { toJSON(): TableSnapshot }).toJSON()), "");
      });
      watching.onMessage("*", () => undefined);
    }
  }

  startMeasuring(): void {
    this.measuring = true;
    if (this.player) this.player.measuring = true;
    if (this.spectator) this.spectator.measuring = true;
  }

  stop(): void {
    this.stopped = true;
    void this.player?.room.leave(true).catch(() => undefined);
    void this.spectator?.room.leave(true).catch(() => undefined);
  }

  /**
   * The person: answers each decision once. An answer is on its way from the moment it is chosen
   * (it may wait `thinkMs` before it is sent) until the table shows it, the first state whose
   * seat's `acted` changed, or refuses it (an "error" message). A bot's move meanwhile raises the
   * version and, with simultaneous decisions (El Gaucho's keep), leaves the same prompt in place:
   * answering that again was refused as NOT_YOUR_TURN. The person's latency runs from sending to
   * the patch that shows its own action (docs/sync-journal.md, "An answer in flight").
   */
  private play(room: Room, player: Receiver, seat: number): void {
    type State = { version: number; status: string; seats: { secret?: { prompt: string; acted?: number } }[]; toJSON(): TableSnapshot };
    const thinkMs = this.share.rate > 0 ? Math.round(1000 / this.share.rate) : 0;
    let seen = -1;
    let moves = 0;
    let inFlight: { mark: AnswerMark; sentAt: number | null; sentMonotonic: number } | null = null;
    // As the web client does: the view kept up to date from one decision to the next, not rebuilt whole.
    const seatView = viewReader(seat);
    const markOf = (state: State): AnswerMark => ({ version: state.version, acted: state.seats[seat]?.secret?.acted });
    const decide = (state: State) => {
      const promptText = state.seats[seat]?.secret?.prompt ?? "";
      if (this.stopped || room !== this.player?.room || inFlight || state.status !== "playing" || !promptText) return;
      const answer: { mark: AnswerMark; sentAt: number | null; sentMonotonic: number } = { mark: markOf(state), sentAt: null, sentMonotonic: 0 };
      inFlight = answer;
      const snapshot = state.toJSON();
      const view = seatView(snapshot);
      // Sampled now and then, as the spectator's is: measuring the whole view costs a stringify of it.
      if (player.tally.viewSamples === 0 || moves % 10 === 0) player.sampleView(view, promptText);
      const action = this.game.bot(view, JSON.parse(promptText) as Prompt, createRandom(`load\u0000${this.index}\u0000${moves}`));
      moves += 1;
      const send = () => {
        if (this.stopped || room !== this.player?.room || inFlight !== answer) return;
        answer.sentAt = performance.now();
        if (this.share.trace) answer.sentMonotonic = monotonicMs();
        this.spectator?.sent(answer.sentAt);
        room.send("action", action);
      };
      // People do not answer on a clock: the think time strays as the bots' waits do (table-bots.ts).
      if (thinkMs > 0) setTimeout(send, botWait(thinkMs));
      else send();
    };
    room.onMessage("error", () => {
      this.totals.refused += 1;
      if (this.measuring) this.totals.refusedMeasured += 1;
      // Refused: the decision is open again; answer what the table shows then.
      inFlight = null;
      this.spectator?.dropped();
      setTimeout(() => decide(room.state as unknown as State), 200);
    });
    room.onMessage("*", () => undefined);
    room.onStateChange((raw) => {
      const state = raw as unknown as State;
      const now = performance.now();
      if (state.version !== seen) {
        seen = state.version;
        player.advanced(now, state.version);
      }
      const answer = inFlight;
      if (answer && answer.sentAt !== null && answerLanded(answer.mark, markOf(state))) {
        inFlight = null;
        player.record(now - answer.sentAt);
        if (this.share.trace && this.measuring) {
          this.totals.moves.push({ room: room.roomId, version: state.seats[seat]?.secret?.acted ?? state.version, sent: answer.sentMonotonic, arrived: player.patchArrived, landed: monotonicMs() });
        }
        this.spectator?.landedAs(state.seats[seat]?.secret?.acted ?? state.version);
      }
      if (state.status === "finished" || state.status === "abandoned") return this.next(room);
      decide(state);
    });
  }

  /** The game ended: leave it and open another, so the load holds. */
  private next(room: Room): void {
    if (this.stopped || room !== this.player?.room) return;
    this.totals.finished += 1;
    void room.leave(true).catch(() => undefined);
    void this.spectator?.room.leave(true).catch(() => undefined);
    this.player = null;
    this.spectator = null;
    this.open()
      .then(() => this.measuring && this.startMeasuring())
      .catch((error: unknown) => this.totals.failures.push(`reopen: ${(error as Error).message}`));
  }
}

function summed(receivers: Receiver[]): Tally {
  const tally = emptyTally();
  for (const receiver of receivers) addTally(tally, receiver.tally);
  return tally;
}

/**
 * A full collection of this thread's heap: V8's `gc`, exposed for this process once (a V8 flag,
 * read as new contexts are made) and taken from a new context, as the thread was not started with
 * --expose-gc.
 */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** Plays one share of the tables until told to stop (the worker's whole life). */
async function playShare(share: ClientShare, port: NonNullable<typeof parentPort>): Promise<void> {
  const game = games[share.gameId]!;
  const totals: Totals = { moves: [], player: [], spectator: [], refused: 0, refusedMeasured: 0, finished: 0, failures: [] };
  const tables: LoadTable[] = [];
  for (let index = share.from; index < share.to; index++) tables.push(new LoadTable(share, game, index, totals));
  let busyFrom = performance.eventLoopUtilization();
  // --trace: this thread's long turns, by a probe timer's lateness (as the server's, move-trace.ts).
  const stalls: [number, number][] = [];
  const gcs: ClientGc[] = [];
  let measuring = false;
  if (share.trace) {
    // A worker's heap is its own: its collections pause only this thread's clients.
    new PerformanceObserver((list) => {
      if (!measuring) return;
      for (const entry of list.getEntries()) {
        const major = (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
        gcs.push([monotonicFrom(entry.startTime), monotonicFrom(entry.startTime + entry.duration), major]);
      }
    }).observe({ entryTypes: ["gc"] });
    let last = monotonicMs();
    setInterval(() => {
      const now = monotonicMs();
      if (measuring && now - last > 10) stalls.push([last, now]);
      last = now;
    }, 2).unref();
  }
  port.on("message", (message: string) => {
    if (message === "collect") {
      // The heap the opening grew, collected whole before the warm-up rather than in the window.
      collectGarbage();
    } else if (message === "measure") {
      busyFrom = performance.eventLoopUtilization();
      measuring = true;
      for (const table of tables) table.startMeasuring();
    } else if (message === "stop") {
      for (const receiver of [...totals.player, ...totals.spectator]) receiver.measuring = false;
      const busy = performance.eventLoopUtilization(busyFrom).utilization;
      for (const table of tables) table.stop();
      const result: ShareResult = { player: summed(totals.player), spectator: summed(totals.spectator), refused: totals.refused, refusedMeasured: totals.refusedMeasured, finished: totals.finished, failures: totals.failures, busy, moves: totals.moves, stalls, gcs };
      port.postMessage({ type: "result", result } satisfies WorkerMessage);
      // Let the leaves reach the server, then end.
      setTimeout(() => process.exit(0), 500);
    }
  });
  // Open in groups, as people arrive, not all in one instant.
  for (let i = 0; i < tables.length; i += 25) {
    await Promise.all(tables.slice(i, i + 25).map((table) => table.open().catch((error: unknown) => totals.failures.push(`open: ${(error as Error).message}`))));
  }
  port.postMessage({ type: "opened" } satisfies WorkerMessage);
}

if (parentPort && workerData) void playShare(workerData as ClientShare, parentPort);
