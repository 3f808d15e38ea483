/**
 * A view as units of paths (principle 6, docs/sync.md): each viewer's view is flattened into
 * paths to leaves, unit by unit, and a unit that did not change since the viewer's last view is
 * the same object, passed over unread. table-sync.ts turns units into the synced state.
 *
 * At 1,000 tables what a move makes here lives until the table's next move, about a second, so it
 * outlives the young generation's collections, which copy it and then promote it: the shapes
 * below (a unit's one path as two fields, members as an array beside a shared list of paths, the
 * top-level maps refilled) keep that small (bench:project-tables).
 */
import { ARRAY_MARK, OBJECT_MARK, flattenAt, isLeaf, memberPath, viewObject } from "@saloon/protocol";

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

export const NO_PATHS: ReadonlyMap<string, string> = new Map();

/**
 * The paths of a unit that has only one (a leaf, or a split container's own marker), kept as two
 * fields and read as a map. At 1,000 tables each move's new units live until the table's next
 * move, about a second, so they outlive the young generation's collections, which copy them and
 * then promote them (docs/sync-journal.md): a Map of one entry is about four times the size of this, and
 * most units are leaves. Made by `onePath`, never by `new`.
 */
class OnePath implements ReadonlyMap<string, string> {
  declare readonly path: string;
  declare readonly text: string;

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

/**
 * A OnePath made by an object literal rather than by `new`. V8 keeps a record per literal in the
 * code (an allocation site) of whether what it makes outlives the young generation, and once most
 * does, it makes the next ones in the old generation at once: not copied by a scavenge and then
 * promoted, as an instance made by `new` is, the same size and as long-lived
 * (allocation-site pretenuring). bench:project-tables, Fistful and El Paso, 16 MB semi-space:
 * promoted 912 → 770 MB and scavenges 366 → 349 with `members` alike; with V8's pretenuring
 * turned off both made ~1,160 MB (docs/sync-journal.md).
 */
function onePath(path: string, text: string): OnePath {
  return { __proto__: OnePath.prototype, path, text } as unknown as OnePath;
}

/**
 * A leaf unit that is its own paths: one object where a unit and its OnePath were two. Most units
 * are leaves, and each changed one lives until the table's next move: at 1,000 El Paso tables
 * the OnePaths were 133k of the live heap's 1.86M objects, every one walked by each mark-compact.
 * Made by `leafUnit`, never by `new` (see `onePath`).
 */
class LeafUnit extends OnePath implements KeyPaths {
  declare value: unknown;

  get paths(): ReadonlyMap<string, string> {
    return this;
  }
}

function leafUnit(path: string, text: string, value: unknown): LeafUnit {
  return { __proto__: LeafUnit.prototype, path, text, value } as unknown as LeafUnit;
}

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
export function allPaths(unit: Unit | undefined): ReadonlyMap<string, string> {
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
 * copied by the young generation's collections and then promoted (docs/sync-journal.md): instead a map
 * nothing reads any more is refilled. Setting a key a map already holds keeps its place and its
 * storage, so a map refilled with the same keys (nearly every move) allocates nothing.
 */
export class ViewerPaths {
  private last = new Map<string, KeyPaths>();
  /** A map of an earlier flatten that nothing reads any more, refilled by the next flatten. */
  private spare: Map<string, KeyPaths> | null = null;

  /**
   * `recycles`: the map a flatten returns is read only until the next flatten (a seat's own
   * view, reduced to its overrides at once), so the flatten after that refills it. Otherwise (the
   * public view, which the table writes later and diffs against) its maps come back by `retire`.
   */
  constructor(private readonly recycles: boolean) {}

  /**
   * `shared`: the public view's units, reused as they are where this view holds the very same value.
   * `wholeMembers`: the view's keys whose members are each one leaf (Game.wholeMembers).
   */
  flatten(view: unknown, shared?: ReadonlyMap<string, KeyPaths>, wholeMembers?: readonly string[]): Map<string, KeyPaths> {
    let next = this.spare ?? new Map<string, KeyPaths>();
    this.spare = null;
    const object = viewObject(view);
    let count = 0;
    // Object.keys, not Object.entries: no [key, value] array per key of every viewer's view.
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (value === undefined) continue;
      const path = pathOf("", key);
      next.set(path, unit(path, value, 0, this.last.get(path), shared?.get(path), false, wholeMembers !== undefined && wholeMembers.includes(key)));
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
 * five times this array (docs/sync-journal.md). Made by `membersOf`, never by `new`.
 */
class Members implements UnitsByPath<KeyPaths> {
  declare readonly shape: Shape;
  declare readonly units: readonly KeyPaths[];

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

/** Members made by an object literal, not by `new`, so that V8 may make them in the old generation at once (see `onePath`). */
function membersOf(shape: Shape, units: readonly KeyPaths[]): Members {
  return { __proto__: Members.prototype, shape, units } as unknown as Members;
}

/** `members`' unit at `place` of `shape`: by its place while the shape is the same, else by its path. */
function memberAt(members: Members | undefined, shape: Shape | undefined, place: number, path: string): KeyPaths | undefined {
  if (members === undefined) return undefined;
  return members.shape === shape ? members.units[place] : members.get(path);
}

/**
 * The unit of `value` at `path`. `asLeaf`: the value is one leaf whatever it holds;
 * `membersAsLeaves`: its members are (a key of Game.wholeMembers).
 */
function unit(path: string, value: unknown, depth: number, known: KeyPaths | undefined, shared: KeyPaths | undefined, asLeaf = false, membersAsLeaves = false): KeyPaths {
  if (known && sameText(known, value)) return known;
  if (shared && sameText(shared, value)) return shared;
  if (!asLeaf && depth < SPLIT_DEPTH && !isLeaf(value)) {
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
      const made = unit(at, member, depth + 1, mine, public_, membersAsLeaves);
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
    return { text: mark, paths: known?.text === mark ? known.paths : onePath(path, mark), value, members: membersOf(shape, units) };
  }
  const text = JSON.stringify(value) ?? "null";
  if (known && known.text === text && !known.members) {
    known.value = value; // the same text: the same paths, and this object to recognise next time
    return known;
  }
  // A leaf's one path carries its text; deeper than SPLIT_DEPTH a container is flattened whole.
  return asLeaf || depth < SPLIT_DEPTH || isLeaf(value) ? leafUnit(path, text, value) : { text, paths: flattenAt(path, value), value };
}

