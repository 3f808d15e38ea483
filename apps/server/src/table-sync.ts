/**
 * What a table sends out: the game's views as paths to leaves, public and per seat, written into
 * the schema state touching only the leaves that changed (principle 6, docs/sync.md); the game log,
 * each client's events filtered for its seat; and the table's lobby listing.
 */
import type { AnyGame, LogEvent, Seat } from "@saloon/engine";
import { SERVER_MESSAGES, type TableListing, type TableStatus, ARRAY_MARK, OBJECT_MARK, flattenAt, isLeaf, memberPath, viewObject, viewOverrides } from "@saloon/protocol";
import type { SeatSlot, TableClient } from "./table-seats.ts";
import type { TableStateSchema } from "./table-state.ts";

/**
 * What one unit of a view puts in a synced map: its own entries (`paths`: the unit's leaves, or
 * the marker of a split container) and, for a split container, its members' units by path. A
 * unit is a top-level key of the view or, below a container that is not a leaf, down to
 * SPLIT_DEPTH, each member: a move that changes one player changes that player's unit, not the
 * whole `players` key, so only that player is flattened, compared and written, and a unit that
 * did not change is passed over whole, members and all.
 */
export interface Unit {
  paths: ReadonlyMap<string, string>;
  members?: UnitsByPath<Unit>;
}

/** Units by path: a view's top-level map, a split container's members, or a seat's overrides of them. */
export interface UnitsByPath<U> {
  readonly size: number;
  get(path: string): U | undefined;
  has(path: string): boolean;
  forEach(each: (unit: U, path: string) => void): void;
}

/**
 * A unit of one viewer's view. `text` is its JSON, or the marker of a split container: while a
 * leaf unit's text stays the same, so do its paths. `value` is what it was made from: a frozen
 * object (a part of the game state the view shares, frozen all the way down by the engine) that
 * comes again as the same object is the same unit, unread; a split unit whose members are all
 * the same units is itself the same unit.
 */
export interface KeyPaths extends Unit {
  text: string;
  value?: unknown;
  members?: Members;
}

/** A seat's unit of overrides: the paths its view shows differently from the public unit `shared` (`mine` is its own). */
interface Override extends Unit {
  mine?: KeyPaths;
  shared?: KeyPaths;
  members?: ReadonlyMap<string, Override>;
}

/**
 * The synced part of a game state, unit by unit: the public view, and per seat its overrides
 * (null: not made, as nobody could see that seat's view when the state was projected) and prompt.
 */
export interface Projection {
  publicView: Map<string, KeyPaths>;
  seats: { view: Map<string, Unit> | null; prompt: string }[];
  /** The game state it was made from: a seat's view left out is made from it once it is needed. */
  gameState: unknown;
}

const NO_PATHS: ReadonlyMap<string, string> = new Map();

/**
 * The paths of a unit that has only one (a leaf, or a split container's own marker), kept as two
 * fields and read as a map. At 1,000 tables each move's new units live until the table's next
 * move, about a second, so they outlive the young generation's collections, which copy them and
 * then promote them (docs/sync.md): a Map of one entry is about four times the size of this, and
 * most units are leaves.
 */
class OnePath implements ReadonlyMap<string, string> {
  constructor(
    private readonly path: string,
    private readonly text: string,
  ) {}

  get size(): number {
    return 1;
  }

  get(path: string): string | undefined {
    return path === this.path ? this.text : undefined;
  }

  has(path: string): boolean {
    return path === this.path;
  }

  forEach(each: (text: string, path: string, map: ReadonlyMap<string, string>) => void): void {
    each(this.text, this.path, this);
  }

  entries(): MapIterator<[string, string]> {
    return new Map([[this.path, this.text]]).entries();
  }

  keys(): MapIterator<string> {
    return new Map([[this.path, this.text]]).keys();
  }

  values(): MapIterator<string> {
    return new Map([[this.path, this.text]]).values();
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }
}
const NO_UNITS: ReadonlyMap<string, Unit> = new Map();

/**
 * How deep containers are split into units: the view's keys (depth 0) into their members (a
 * player of `players`, a location of `board`), and those into theirs (a player's money, hand).
 * Deeper, a unit is flattened whole. bench:project, µs per action at depth 1 / 2 / 3: El Paso
 * 140-145 / 133-145 / 137-144, El Gaucho 84-87 / 72-74 / 70-72, Fistful 53-56 / 56-59 / 58-60.
 */
const SPLIT_DEPTH = 2;

/**
 * The path of member `key` under `parent`, made once and then the same string: every table of a
 * game has the same paths (`/players/0/money`), and a string made anew by each projection was
 * concatenated and then hashed again by every map it was looked up in (the projection's own and
 * the synced map's), for every member of every changed unit of every viewer (~5 % of the server's
 * CPU at 1,000 tables, issue #14). Paths come from the games' view shapes, so they are few; the
 * cache is emptied if it ever grows past MAX_CACHED_PATHS all the same.
 */
const memberPaths = new Map<string, Map<string, string>>();
let cachedPaths = 0;
const MAX_CACHED_PATHS = 200_000;

function pathOf(parent: string, key: string): string {
  let paths = memberPaths.get(parent);
  if (paths === undefined) {
    if (cachedPaths >= MAX_CACHED_PATHS) {
      memberPaths.clear();
      cachedPaths = 0;
    }
    paths = new Map();
    memberPaths.set(parent, paths);
  }
  let path = paths.get(key);
  if (path === undefined) {
    path = memberPath(parent, key);
    paths.set(key, path);
    cachedPaths += 1;
  }
  return path;
}

/**
 * The same JSON without reading it: the same primitive, or the same frozen object. Engine states
 * are frozen all the way down (deepFreeze, freezeChanges) and copy-on-write keeps an unchanged
 * part the same object from one state to the next, so most of a view is recognised this way.
 */
function sameText(known: KeyPaths | undefined, value: unknown): boolean {
  if (known === undefined || known.value !== value) return false;
  return value === null || typeof value !== "object" || Object.isFrozen(value);
}

/** Every path of a unit, its members' included. */
function allPaths(unit: Unit | undefined): ReadonlyMap<string, string> {
  if (!unit) return NO_PATHS;
  if (!unit.members) return unit.paths;
  const out = new Map<string, string>();
  const put = (text: string, path: string) => out.set(path, text);
  unit.paths.forEach(put);
  const add = (members: UnitsByPath<Unit>) => {
    members.forEach((member) => {
      member.paths.forEach(put);
      if (member.members) add(member.members);
    });
  };
  add(unit.members);
  return out;
}

/**
 * Flattens one viewer's views unit by unit, reusing a unit while it is unchanged.
 *
 * The map a flatten returns holds the view's units by top-level path. At 1,000 tables each such
 * map lives until the table's next move, about a second, so a new one per viewer per move was
 * copied by the young generation's collections and then promoted (docs/sync.md): instead a map
 * nothing reads any more is refilled. Setting a key a map already holds keeps its place and its
 * storage, so a map refilled with the same keys (nearly every move) allocates nothing.
 */
class ViewerPaths {
  private last = new Map<string, KeyPaths>();
  /** A map of an earlier flatten that nothing reads any more, refilled by the next flatten. */
  private spare: Map<string, KeyPaths> | null = null;

  /**
   * `recycles`: the map a flatten returns is read only until the next flatten (a seat's own
   * view, reduced to its overrides at once), so the flatten after that refills it. Otherwise (the
   * public view, which the table writes later and diffs against) its maps come back by `retire`.
   */
  constructor(private readonly recycles: boolean) {}

  /** `shared`: the public view's units, reused as they are where this view holds the very same value. */
  flatten(view: unknown, shared?: ReadonlyMap<string, KeyPaths>): Map<string, KeyPaths> {
    let next = this.spare ?? new Map<string, KeyPaths>();
    this.spare = null;
    const object = viewObject(view);
    let count = 0;
    // Object.keys, not Object.entries: no [key, value] array per key of every viewer's view.
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (value === undefined) continue;
      const path = pathOf("", key);
      next.set(path, unit(path, value, 0, this.last.get(path), shared?.get(path)));
      count += 1;
    }
    // A refilled map that held a key this view lacks (rare: a view's keys seldom change).
    if (next.size !== count) next = onlyKeysOf(object, next);
    if (this.recycles) this.spare = this.last;
    this.last = next;
    return next;
  }

  /** `map`, made by an earlier flatten, is read by nobody any more: the next flatten may refill it. */
  retire(map: Map<string, KeyPaths>): void {
    if (map !== this.last) this.spare = map;
  }
}

/** A new map of `units`' entries for the view's own keys, in the view's order. */
function onlyKeysOf(object: Record<string, unknown>, units: ReadonlyMap<string, KeyPaths>): Map<string, KeyPaths> {
  const out = new Map<string, KeyPaths>();
  for (const key of Object.keys(object)) {
    if (object[key] === undefined) continue;
    const path = pathOf("", key);
    out.set(path, units.get(path)!);
  }
  return out;
}

/**
 * The member paths of a split container, in order, and each one's place among them: one object
 * for every unit of every table with those members (`/players` of four players), found again by
 * `shapeOf`.
 */
class Shape {
  readonly places = new Map<string, number>();

  constructor(readonly paths: readonly string[]) {
    paths.forEach((path, place) => this.places.set(path, place));
  }
}

/** Shapes by their container's path: a few each (an array's lengths, an object's sets of keys). */
const shapes = new Map<string, Shape[]>();
let cachedShapes = 0;
const SHAPES_PER_PATH = 16;

/** The shape of these member paths of the container at `path`: a shape already made where there is one. */
function shapeOf(path: string, paths: readonly string[]): Shape {
  let known = shapes.get(path);
  if (known === undefined) {
    if (cachedShapes >= MAX_CACHED_PATHS) {
      shapes.clear();
      cachedShapes = 0;
    }
    known = [];
    shapes.set(path, known);
  }
  for (const shape of known) if (samePaths(shape.paths, paths)) return shape;
  const shape = new Shape(paths);
  if (known.length >= SHAPES_PER_PATH) known.shift();
  else cachedShapes += 1;
  known.push(shape);
  return shape;
}

function samePaths(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A split container's member units: an array beside its shape's paths, read as a map. A new
 * one is made whenever a member changes and lives until the table's next move, so its size is
 * what the young generation copies at 1,000 tables: a Map of El Paso's 40-odd locations is about
 * five times this array (docs/sync.md).
 */
class Members implements UnitsByPath<KeyPaths> {
  constructor(
    readonly shape: Shape,
    readonly units: readonly KeyPaths[],
  ) {}

  get size(): number {
    return this.units.length;
  }

  get(path: string): KeyPaths | undefined {
    const place = this.shape.places.get(path);
    return place === undefined ? undefined : this.units[place];
  }

  has(path: string): boolean {
    return this.shape.places.has(path);
  }

  forEach(each: (unit: KeyPaths, path: string) => void): void {
    const { paths } = this.shape;
    for (let i = 0; i < paths.length; i++) each(this.units[i]!, paths[i]!);
  }
}

/** `members`' unit at `place` of `shape`: by its place while the shape is the same, else by its path. */
function memberAt(members: Members | undefined, shape: Shape | undefined, place: number, path: string): KeyPaths | undefined {
  if (members === undefined) return undefined;
  return members.shape === shape ? members.units[place] : members.get(path);
}

function unit(path: string, value: unknown, depth: number, known: KeyPaths | undefined, shared: KeyPaths | undefined): KeyPaths {
  if (known && sameText(known, value)) return known;
  if (shared && sameText(shared, value)) return shared;
  if (depth < SPLIT_DEPTH && !isLeaf(value)) {
    const isArray = Array.isArray(value);
    const mark = isArray ? ARRAY_MARK : OBJECT_MARK;
    const knownMembers = known?.text === mark ? known.members : undefined;
    const sharedMembers = shared?.text === mark ? shared.members : undefined;
    let asKnown = knownMembers !== undefined;
    let asShared = sharedMembers !== undefined;
    const container = value as Record<string, unknown>;
    const keys = Object.keys(container);
    const units = new Array<KeyPaths>(keys.length);
    // The shape the members had last time, checked path by path as they are made.
    let shape = knownMembers?.shape ?? sharedMembers?.shape;
    let count = 0;
    for (const key of keys) {
      const member = container[key];
      // JSON drops undefined members of objects and writes them as null in arrays (flattenAt does the same).
      if (member === undefined && !isArray) continue;
      const at = pathOf(path, key);
      if (shape !== undefined && shape.paths[count] !== at) shape = undefined;
      const mine = memberAt(knownMembers, shape, count, at);
      const public_ = memberAt(sharedMembers, shape, count, at);
      const made = unit(at, member, depth + 1, mine, public_);
      units[count] = made;
      count += 1;
      if (asKnown && mine !== made) asKnown = false;
      if (asShared && public_ !== made) asShared = false;
    }
    units.length = count;
    if (shape === undefined || shape.paths.length !== count) {
      const paths: string[] = [];
      for (const key of keys) if (container[key] !== undefined || isArray) paths.push(pathOf(path, key));
      shape = shapeOf(path, paths);
    }
    if (asKnown && count === knownMembers!.size) {
      known!.value = value; // this object to recognise next time
      return known!;
    }
    if (asShared && count === sharedMembers!.size) return shared!;
    return { text: mark, paths: known?.text === mark ? known.paths : new OnePath(path, mark), value, members: new Members(shape, units) };
  }
  const text = JSON.stringify(value) ?? "null";
  if (known && known.text === text && !known.members) {
    known.value = value; // the same text: the same paths, and this object to recognise next time
    return known;
  }
  // A leaf's one path carries its text; deeper than SPLIT_DEPTH a container is flattened whole.
  return { text, paths: depth < SPLIT_DEPTH || isLeaf(value) ? new OnePath(path, text) : flattenAt(path, value), value };
}

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
    const publicView = this.publicPaths.flatten(game.view(gameState, null));
    const prompts = playing ? game.prompts(gameState) : [];
    const seats = Array.from({ length: seatCount }, (_, seat) => {
      const prompt = prompts.find((p) => p.seat === seat);
      return { view: watched(seat) ? this.seatView(game, gameState, seat, publicView) : null, prompt: prompt ? JSON.stringify(prompt) : "" };
    });
    return { publicView, seats, gameState };
  }

  /** What `seat`'s view of `gameState` shows differently from the public view `publicView` (made from the same state). */
  seatView(game: AnyGame, gameState: unknown, seat: Seat, publicView: ReadonlyMap<string, KeyPaths>): Map<string, Unit> {
    const own = (this.seatPaths[seat] ??= new ViewerPaths(true)).flatten(game.view(gameState, seat), publicView);
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
  private written: Projection = { publicView: new Map(), seats: [], gameState: undefined };
  /** …and per seat the overrides its view holds, and the game state they were made from (an older one while nobody watched it). */
  private readonly seatsWritten: { view: Map<string, Unit>; gameState: unknown }[] = [];

  constructor(
    private readonly game: AnyGame,
    private readonly state: TableStateSchema,
    private readonly seatCount: () => number,
    /** The game log so far, owned by the room (every accepted action's events, in order). */
    private readonly events: readonly LogEvent[],
    /** Whether a connection sees `seat`'s own view (holds the seat, or may come back to it). */
    private readonly watched: (seat: Seat) => boolean = () => true,
  ) {}

  project(gameState: unknown, playing: boolean): Projection {
    return this.projector.project(this.game, gameState, this.seatCount(), playing, this.watched);
  }

  /** Writes a projection into the synced state; projections are written in the order they were made. */
  write(projection: Projection): void {
    syncKeys(this.state.view, this.written.publicView, projection.publicView);
    this.state.seats.forEach((seat, index) => {
      const mine = projection.seats[index]!;
      // Left out when it was made, and somebody has taken the seat since: made now, from its own state.
      if (mine.view === null && this.watched(index)) mine.view = this.projector.seatView(this.game, projection.gameState, index, projection.publicView);
      if (mine.view !== null) this.writeSeat(index, mine.view, projection.gameState);
      if (seat.secret!.prompt !== mine.prompt) seat.secret!.prompt = mine.prompt;
    });
    if (this.written.publicView !== projection.publicView) this.projector.retire(this.written.publicView);
    this.written = projection;
  }

  /**
   * Brings `seat`'s synced view up to the last state written, if it was left behind while
   * nobody saw it: called as a connection takes the seat, before it is given any state.
   */
  refreshSeat(seat: Seat): void {
    const { gameState, publicView } = this.written;
    if (gameState === undefined || this.seatsWritten[seat]?.gameState === gameState) return;
    this.writeSeat(seat, this.projector.seatView(this.game, gameState, seat, publicView), gameState);
  }

  private writeSeat(seat: Seat, view: Map<string, Unit>, gameState: unknown): void {
    const written = this.seatsWritten[seat];
    syncKeys(this.state.seats[seat]!.secret!.view, written?.view ?? NO_UNITS, view);
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
    for (let i = from; i < this.events.length; i++) {
      const event = this.game.viewEvent(this.events[i]!, seat);
      if (event) visible.push(event);
    }
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
