/**
 * bench:load's clients (bench-load.ts): real SDK clients over loopback, run in worker threads so
 * that the load they make is not held back by their own event loop (at 300 tables on one
 * thread the server sat half idle while the clients' moves waited hundreds of ms for them).
 * Each worker plays its share of the tables and, when told to stop, posts what it measured.
 */
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { Client, type Room } from "@colyseus/sdk";
import { games } from "@saloon/catalog";
import { type AnyGame, type Prompt, createRandom } from "@saloon/engine";
import { type TableSnapshot, decodeView } from "@saloon/protocol";

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
  refused: number;
  finished: number;
  failures: string[];
  /** Share of the measuring window this thread's event loop was busy (0–1): near 1, the clients themselves hold the moves back. */
  busy: number;
}

/** worker → bench: the tables are open ("opened"), or the results ("result"). main → worker: "measure", "stop". */
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
  /** The person's move waiting for its patch here: the version it was sent at, and when. */
  waiting: { version: number; at: number } | null = null;
  measuring = false;
  private lastVersion = -1;

  constructor(readonly room: Room) {
    const ws = (room.connection as unknown as { transport: { ws: { addEventListener(type: "message", listener: (event: { data: ArrayBuffer }) => void): void } } }).transport.ws;
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
    if (this.waiting && version > this.waiting.version) {
      if (this.measuring) this.tally.latencies.push(now - this.waiting.at);
      this.waiting = null;
    }
  }

  /** The whole view this client rebuilt (decodeView) and its prompt: what resending everything would cost. */
  sampleView(view: unknown, promptText: string): void {
    if (!this.measuring) return;
    this.tally.viewBytes += Buffer.byteLength(JSON.stringify(view)) + Buffer.byteLength(promptText);
    this.tally.viewSamples += 1;
  }
}

interface Totals {
  player: Receiver[];
  spectator: Receiver[];
  refused: number;
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
    const player = new Receiver(room);
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
      watching.onStateChange((state) => {
        const version = (state as unknown as { version: number }).version;
        if (version === seen) return;
        seen = version;
        spectator.advanced(performance.now(), version);
        // Sample the whole view now and then: rebuilding it is what the client does anyway.
        if (spectator.tally.viewSamples === 0 || version % 10 === 0) spectator.sampleView(decodeView((state as unknown as { toJSON(): TableSnapshot }).toJSON(), null), "");
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

  private play(room: Room, player: Receiver, seat: number): void {
    const thinkMs = this.share.rate > 0 ? Math.round(1000 / this.share.rate) : 0;
    let seen = -1;
    let answered = -1;
    let moves = 0;
    room.onMessage("error", () => {
      this.totals.refused += 1;
      answered = -1; // ask again on the next patch
    });
    room.onMessage("*", () => undefined);
    room.onStateChange((raw) => {
      const state = raw as unknown as { version: number; status: string; seats: { secret?: { prompt: string } }[]; toJSON(): TableSnapshot };
      const now = performance.now();
      if (state.version !== seen) {
        seen = state.version;
        player.advanced(now, state.version);
      }
      if (state.status === "finished" || state.status === "abandoned") return this.next(room);
      const promptText = state.seats[seat]?.secret?.prompt ?? "";
      if (state.status !== "playing" || !promptText || state.version <= answered || player.waiting) return;
      answered = state.version;
      const snapshot = state.toJSON();
      const view = decodeView(snapshot, seat);
      player.sampleView(view, promptText);
      const action = this.game.bot(view, JSON.parse(promptText) as Prompt, createRandom(`load\u0000${this.index}\u0000${moves}`));
      moves += 1;
      const send = () => {
        if (this.stopped) return;
        const at = performance.now();
        player.waiting = { version: state.version, at };
        if (this.spectator) this.spectator.waiting = { version: state.version, at };
        room.send("action", action);
      };
      if (thinkMs > 0) setTimeout(send, thinkMs);
      else send();
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

/** Plays one share of the tables until told to stop (the worker's whole life). */
async function playShare(share: ClientShare, port: NonNullable<typeof parentPort>): Promise<void> {
  const game = games[share.gameId]!;
  const totals: Totals = { player: [], spectator: [], refused: 0, finished: 0, failures: [] };
  const tables: LoadTable[] = [];
  for (let index = share.from; index < share.to; index++) tables.push(new LoadTable(share, game, index, totals));
  let busyFrom = performance.eventLoopUtilization();
  port.on("message", (message: string) => {
    if (message === "measure") {
      busyFrom = performance.eventLoopUtilization();
      for (const table of tables) table.startMeasuring();
    } else if (message === "stop") {
      for (const receiver of [...totals.player, ...totals.spectator]) receiver.measuring = false;
      const busy = performance.eventLoopUtilization(busyFrom).utilization;
      for (const table of tables) table.stop();
      const result: ShareResult = { player: summed(totals.player), spectator: summed(totals.spectator), refused: totals.refused, finished: totals.finished, failures: totals.failures, busy };
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
