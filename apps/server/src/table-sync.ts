/**
 * What a table sends out: the game's views as paths to leaves, public and per seat, written into
 * the schema state touching only the leaves that changed (principle 6, docs/sync.md); the game log,
 * each client's events filtered for its seat; and the table's lobby listing. The views' units
 * (how a view is flattened, and what is reused from the last one) are view-units.ts.
 */
import type { AnyGame, LogEvent, Seat } from "@saloon/engine";
import { SERVER_MESSAGES, type TableListing, type TableStatus, viewOverrides } from "@saloon/protocol";
import type { EventLog } from "./event-log.ts";
import type { SeatSlot, TableClient } from "./table-seats.ts";
import type { TableStateSchema } from "./table-state.ts";
import { type KeyPaths, NO_PATHS, type Unit, type UnitsByPath, ViewerPaths, allPaths } from "./view-units.ts";

/**
 * The JSON of `seat`'s prompt in `gameState` ("" when it has none). Made only for a seat somebody
 * sees, as its view is: a bot's prompt (El Paso's lists every destination) is for nobody's eyes.
 */
function promptText(game: AnyGame, gameState: unknown, seat: Seat, playing: boolean): string {
  if (!playing) return "";
  const prompt = game.prompts(gameState).find((p) => p.seat === seat);
  return prompt ? JSON.stringify(prompt) : "";
}

/** A seat's unit of overrides: the paths its view shows differently from the public unit `shared` (`mine` is its own). */
interface Override extends Unit {
  mine?: KeyPaths;
  shared?: KeyPaths;
  members?: ReadonlyMap<string, Override>;
}

/** A seat's own part of a projection: its overrides of the public view, and its prompt's JSON ("": no decision). */
export interface SeatPart {
  view: Map<string, Unit>;
  prompt: string;
}

/**
 * The synced part of a game state, unit by unit: the public view, and per seat its own part (null:
 * not made, as nobody could see that seat when the state was projected).
 */
export interface Projection {
  publicView: Map<string, KeyPaths>;
  seats: (SeatPart | null)[];
  /** The game state it was made from: a seat's view and prompt left out are made from it once they are needed. */
  gameState: unknown;
  /** Whether the game was on: a finished game's synced prompts are empty. */
  playing: boolean;
}

const NO_UNITS: ReadonlyMap<string, Unit> = new Map();

/**
 * What a seat's unit `mine` changes in the public unit `shared` (either may be missing), or
 * nothing when they are alike. Two split containers of the same kind are compared member by
 * member; anything else path by path. `known` is the seat's override of the last projection,
 * reused while it was made from the same units.
 */
function override(mine: KeyPaths | undefined, shared: KeyPaths | undefined, known: Override | undefined): Override | undefined {
  if (mine === shared) return undefined;
  if (mine && shared && !mine.members && !shared.members && mine.text === shared.text) return undefined;
  if (known && known.mine === mine && known.shared === shared) return known;
  if (mine?.members && shared?.members && mine.text === shared.text) {
    const members = new Map<string, Override>();
    const mineMembers = mine.members;
    const sharedMembers = shared.members;
    mineMembers.forEach((member, path) => {
      const made = override(member, sharedMembers.get(path), known?.members?.get(path));
      if (made) members.set(path, made);
    });
    sharedMembers.forEach((member, path) => {
      if (!mineMembers.has(path)) members.set(path, override(undefined, member, known?.members?.get(path))!);
    });
    return members.size === 0 ? undefined : { paths: NO_PATHS, members, mine, shared };
  }
  return { paths: viewOverrides(allPaths(shared), allPaths(mine)), mine, shared };
}

/**
 * Computes what the synced state should hold: the public view for everyone and, per seat, only
 * the paths its own view shows differently, plus its prompt. Pure as far as the table goes (it
 * only remembers units to reuse), so a projection can be made before its move is committed.
 */
export class Projector {
  private readonly publicPaths = new ViewerPaths(false);
  private readonly seatPaths: ViewerPaths[] = [];
  private readonly seatKeys: Map<string, Override>[] = [];
  private readonly seatSpares: (Map<string, Override> | undefined)[] = [];

  /** `watched(seat)`: whether any connection sees that seat's own view now; the others' are left out. */
  project(game: AnyGame, gameState: unknown, seatCount: number, playing: boolean, watched: (seat: Seat) => boolean): Projection {
    const publicView = this.publicPaths.flatten(game.view(gameState, null), undefined, game.wholeMembers);
    const seats = Array.from({ length: seatCount }, (_, seat) => (watched(seat) ? this.seatPart(game, gameState, seat, publicView, playing) : null));
    return { publicView, seats, gameState, playing };
  }

  /** `seat`'s own part of the projection of `gameState`, whose public view is `publicView`. */
  seatPart(game: AnyGame, gameState: unknown, seat: Seat, publicView: ReadonlyMap<string, KeyPaths>, playing: boolean): SeatPart {
    return { view: this.seatView(game, gameState, seat, publicView), prompt: promptText(game, gameState, seat, playing) };
  }

  /** What `seat`'s view of `gameState` shows differently from the public view `publicView` (made from the same state). */
  seatView(game: AnyGame, gameState: unknown, seat: Seat, publicView: ReadonlyMap<string, KeyPaths>): Map<string, Unit> {
    const own = (this.seatPaths[seat] ??= new ViewerPaths(true)).flatten(game.view(gameState, seat), publicView, game.wholeMembers);
    const known = this.seatKeys[seat];
    // A map of the seat's that nobody reads any more (`retireSeat`) is refilled, as the flatten's are.
    const view = this.seatSpares[seat] ?? new Map<string, Override>();
    this.seatSpares[seat] = undefined;
    let count = 0;
    // forEach, not for…of with [key, value]: no entry array per key of every seat's view per move.
    own.forEach((mine, key) => {
      const made = override(mine, publicView.get(key), known?.get(key));
      if (made) {
        view.set(key, made);
        count += 1;
      } else view.delete(key);
    });
    // A public key this seat's view lacks: every path of it is ABSENT for the seat.
    publicView.forEach((shared, key) => {
      if (own.has(key)) return;
      view.set(key, override(undefined, shared, known?.get(key))!);
      count += 1;
    });
    // A refilled map that held a key neither view has now (rare: a view's keys seldom change).
    if (view.size !== count) {
      view.forEach((_, key) => {
        if (!own.has(key) && !publicView.has(key)) view.delete(key);
      });
    }
    this.seatKeys[seat] = view;
    return view;
  }

  /** A projection's public view was written and then replaced by a later one's: nobody reads its map any more. */
  retire(publicView: Map<string, KeyPaths>): void {
    this.publicPaths.retire(publicView);
  }

  /** A seat's overrides were written and then replaced by later ones: nobody reads that map any more. */
  retireSeat(seat: Seat, view: Map<string, Unit>): void {
    if (view !== this.seatKeys[seat]) this.seatSpares[seat] = view as Map<string, Override>;
  }
}

/** Makes `map` hold `next`'s own entries where it held `last`'s (the units' members aside). */
function syncPaths(map: Map<string, string>, last: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): void {
  if (last === next) return;
  last.forEach((_, path) => {
    if (!next.has(path)) map.delete(path);
  });
  next.forEach((text, path) => {
    if (map.get(path) !== text) map.set(path, text);
  });
}

function syncUnit(map: Map<string, string>, last: Unit | undefined, next: Unit | undefined): void {
  if (last === next) return;
  if (last?.members && next?.members) {
    syncPaths(map, last.paths, next.paths);
    syncKeys(map, last.members, next.members);
  } else if (!last?.members && !next?.members) {
    syncPaths(map, last?.paths ?? NO_PATHS, next?.paths ?? NO_PATHS);
  } else {
    syncPaths(map, allPaths(last), allPaths(next)); // a leaf became a split container or the other way round
  }
}

/**
 * Makes `map` hold the paths of `next` where it held those of `last`, visiting only units that
 * changed, and touching only entries whose text changed: so a patch carries only those. Units of
 * different keys never share a path, so each is brought up to date on its own.
 */
export function syncKeys(map: Map<string, string>, last: UnitsByPath<Unit>, next: UnitsByPath<Unit>): void {
  last.forEach((old, key) => {
    if (!next.has(key)) syncUnit(map, old, undefined);
  });
  next.forEach((now, key) => syncUnit(map, last.get(key), now));
}

/**
 * One table's outgoing side: its projection into the synced state and its game log.
 *
 * A seat's own view is made only while somebody can see it (`watched`: a connection holds the
 * seat, or is expected back to it). A bot's seat, or the seat of a person who left, is nobody's to
 * see, and making it cost as much as the public view, per move: at a Fistful table of one person
 * and three bots, three of the five views a move made (issue #14). Its synced view is left as it
 * was and brought up to date when a connection takes the seat (refreshSeat, before that
 * connection is given any state), so what a client receives is the same.
 */
export class TableSync {
  private readonly projector = new Projector();
  /** What the synced state holds now: the last projection written… */
  private written: Projection = { publicView: new Map(), seats: [], gameState: undefined, playing: false };
  /** …and per seat the overrides its view holds, and the game state they were made from (an older one while nobody watched it). */
  private readonly seatsWritten: { view: Map<string, Unit>; gameState: unknown }[] = [];

  constructor(
    private readonly game: AnyGame,
    private readonly state: TableStateSchema,
    private readonly seatCount: () => number,
    /** The game log so far, owned by the room (every accepted action's events, in order). */
    private readonly events: EventLog,
    /** Whether a connection sees `seat`'s own view (holds the seat, or may come back to it). */
    private readonly watched: (seat: Seat) => boolean = () => true,
  ) {}

  project(gameState: unknown, playing: boolean): Projection {
    return this.projector.project(this.game, gameState, this.seatCount(), playing, this.watched);
  }

  /** Writes a projection into the synced state; projections are written in the order they were made. */
  write(projection: Projection): void {
    syncKeys(this.state.view, this.written.publicView, projection.publicView);
    const { seats, gameState, publicView, playing } = projection;
    this.state.seats.forEach((_, index) => {
      // Left out when it was made, and somebody has taken the seat since: made now, from its own state.
      if (!seats[index] && this.watched(index)) seats[index] = this.projector.seatPart(this.game, gameState, index, publicView, playing);
      const mine = seats[index];
      if (mine) this.writeSeat(index, mine, gameState);
    });
    if (this.written.publicView !== projection.publicView) this.projector.retire(this.written.publicView);
    this.written = projection;
  }

  /**
   * Brings `seat`'s synced view up to the last state written, if it was left behind while
   * nobody saw it: called as a connection takes the seat, before it is given any state.
   */
  refreshSeat(seat: Seat): void {
    const { gameState, publicView, playing } = this.written;
    if (gameState === undefined || this.seatsWritten[seat]?.gameState === gameState) return;
    this.writeSeat(seat, this.projector.seatPart(this.game, gameState, seat, publicView, playing), gameState);
  }

  /** Writes a seat's own part, made from `gameState`, into the seat's part of the synced state. */
  private writeSeat(seat: Seat, { view, prompt }: SeatPart, gameState: unknown): void {
    const written = this.seatsWritten[seat];
    const secret = this.state.seats[seat]!.secret!;
    if (secret.prompt !== prompt) secret.prompt = prompt;
    syncKeys(secret.view, written?.view ?? NO_UNITS, view);
    if (!written) {
      this.seatsWritten[seat] = { view, gameState };
      return;
    }
    if (written.view !== view) this.projector.retireSeat(seat, written.view);
    written.view = view;
    written.gameState = gameState;
  }

  /** Publishes a game state as it is (at a start, an end, or a rebuild: nothing is pending then). */
  publish(gameState: unknown, playing: boolean): void {
    this.write(this.project(gameState, playing));
  }

  /** The whole log so far, as this client's seat may see it. */
  sendHistory(client: TableClient, seat: Seat | null): void {
    client.send(SERVER_MESSAGES.log, { from: 0, to: this.events.length, events: this.eventsFor(seat, 0) });
  }

  /** The events from `from` on, to every client as its seat may see them. */
  sendEvents(clients: Iterable<TableClient>, seatOf: (client: TableClient) => Seat | null, from: number): void {
    for (const client of clients) {
      client.send(SERVER_MESSAGES.log, { from, to: this.events.length, events: this.eventsFor(seatOf(client), from) });
    }
  }

  private eventsFor(seat: Seat | null, from: number): LogEvent[] {
    const visible: LogEvent[] = [];
    this.events.forEachFrom(from, (event) => {
      const seen = this.game.viewEvent(event, seat);
      if (seen) visible.push(seen);
    });
    return visible;
  }
}

/** What the lobby shows of a table. */
export function tableListing(game: AnyGame, status: TableStatus, slots: readonly SeatSlot[], createdAt: number): TableListing {
  const seats = slots.map((slot) => ({ seat: slot.schema.seat, kind: slot.kind, name: slot.name }));
  return {
    game: game.id,
    gameTitle: game.title,
    status,
    seats,
    seatsTaken: seats.filter((seat) => seat.kind !== "open").length,
    seatsTotal: seats.length,
    createdAt,
  };
}
