/**
 * A client's view, kept up to date patch by patch. `rebuildView` makes the whole view from every
 * path at each patch: every leaf parsed, every container made again, although a move changes a
 * few entries (issue #14: the web client does it at every patch, and so do the load benchmark's
 * SDK clients, on the server's machine). A `ViewDecoder` remembers what each path showed last
 * time and the view it made of it, and makes again only what changed: a leaf whose text changed
 * is parsed; a container whose members came or went gets them anew in the paths' order, the
 * unchanged ones taken over as they were; the containers on the way to either are copied.
 * Everything else is shared with the view before.
 *
 * Because consecutive views share their unchanged parts, they are frozen: a reader that wrote
 * into one would change the views after it too, so it throws instead.
 */
import { ABSENT, ARRAY_MARK, type Container, OBJECT_MARK, put, rebuildView, unescapeKey } from "./view-paths.ts";

type Paths = Readonly<Record<string, string>>;

const isMark = (text: string | undefined): boolean => text === ARRAY_MARK || text === OBJECT_MARK;
const parentOf = (path: string): string => path.slice(0, path.lastIndexOf("/"));
const keyOf = (path: string): string => unescapeKey(path.slice(path.lastIndexOf("/") + 1));

// Not the engine's deepFreeze: the protocol takes only types from the engine, so the lobby's
// bundle, which reads the protocol, carries none of the engine's code.
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** The member `key` of `container` if it has one of its own (never the prototype's). */
const memberOf = (container: unknown, key: string): unknown =>
  container !== null && typeof container === "object" && Object.hasOwn(container, key) ? (container as Record<string, unknown>)[key] : undefined;

/**
 * What each path shows the reader, in the order rebuildView reads them (the public paths, each
 * as the seat's override has it, then the seat's own): the seat's view as one map.
 */
function shownPaths(publicPaths: Paths, overrides: Paths | undefined): Map<string, string> {
  const shown = new Map<string, string>();
  for (const path of Object.keys(publicPaths)) {
    const text = overrides && Object.hasOwn(overrides, path) ? overrides[path]! : publicPaths[path]!;
    if (text !== ABSENT) shown.set(path, text);
  }
  if (overrides) for (const path of Object.keys(overrides)) if (!Object.hasOwn(publicPaths, path) && overrides[path] !== ABSENT) shown.set(path, overrides[path]!);
  return shown;
}

/**
 * Whether the paths both maps hold come in the same order in both. A path can move without its
 * text changing (a seat's own path that the public view now has as well comes at the public
 * path's place), and where it moves decides where rebuildView puts its member.
 */
function sameOrder(last: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): boolean {
  const before = last.keys();
  for (const path of next.keys()) {
    if (!last.has(path)) continue;
    let earlier = before.next();
    while (!earlier.done && !next.has(earlier.value)) earlier = before.next();
    if (earlier.done || earlier.value !== path) return false;
  }
  return true;
}

/**
 * What changed from one patch to the next, by container path ("" is the view itself):
 * `regrown`, the containers whose members came, went or changed kind, made anew from their
 * paths; `below`, for every container with a change anywhere under it, its members on the way.
 */
interface Changes {
  regrown: Set<string>;
  below: Map<string, Set<string>>;
}

function changesOf(last: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): Changes {
  const changes: Changes = { regrown: new Set(), below: new Map() };
  const mark = (path: string, regrows: boolean) => {
    if (regrows) changes.regrown.add(parentOf(path));
    for (let child = path; child !== ""; child = parentOf(child)) {
      const parent = parentOf(child);
      let members = changes.below.get(parent);
      if (members === undefined) changes.below.set(parent, (members = new Set()));
      else if (members.has(child)) return; // its way up is marked already
      members.add(child);
    }
  };
  for (const [path, text] of next) {
    const before = last.get(path);
    if (before !== text) mark(path, before === undefined || isMark(before) || isMark(text));
  }
  if (last.size !== next.size || changes.below.size > 0) for (const path of last.keys()) if (!next.has(path)) mark(path, true);
  return changes;
}

export class ViewDecoder {
  private shown = new Map<string, string>();
  private view: Record<string, unknown> | null = null;

  /** The view of these paths (a seat's overrides over the public ones), frozen, sharing what did not change with the last one. */
  decode(publicPaths: Paths, overrides?: Paths): Record<string, unknown> {
    const shown = shownPaths(publicPaths, overrides);
    const last = this.shown;
    let view: Record<string, unknown>;
    if (this.view && sameOrder(last, shown)) {
      const changes = changesOf(last, shown);
      view = changes.below.size === 0 ? this.view : (new Patch(last, shown, changes).container("", this.view) as Record<string, unknown>);
    } else {
      view = deepFreeze(rebuildView(publicPaths, overrides));
    }
    this.shown = shown;
    this.view = view;
    return view;
  }
}

/** The next view made from the last one: `container` makes a container anew where something under it changed. */
class Patch {
  constructor(
    private readonly last: ReadonlyMap<string, string>,
    private readonly shown: ReadonlyMap<string, string>,
    private readonly changes: Changes,
  ) {}

  /** The container at `path` (an object at the root), given the one the last view had there (undefined: none of its kind). */
  container(path: string, before: unknown): Container {
    const made = before === undefined || this.changes.regrown.has(path) ? this.regrown(path, before) : this.copied(path, before as Container);
    Object.freeze(made);
    return made;
  }

  /** Its members in the paths' order, each as the last view had it where nothing under it changed. */
  private regrown(path: string, before: unknown): Container {
    const made: Container = this.shown.get(path) === ARRAY_MARK ? [] : {};
    const prefix = `${path}/`;
    for (const [at, text] of this.shown) {
      if (!at.startsWith(prefix) || at.indexOf("/", prefix.length) >= 0) continue;
      put(made, keyOf(at), this.member(at, text, before));
    }
    return made;
  }

  /** The last view's container with the members that changed made anew. */
  private copied(path: string, before: Container): Container {
    const made = Array.isArray(before) ? before.slice() : { ...before };
    for (const at of this.changes.below.get(path) ?? []) {
      const text = this.shown.get(at);
      // Gone: only a regrown container loses members, and this one is not.
      if (text !== undefined) put(made, keyOf(at), this.member(at, text, before));
    }
    return made;
  }

  /** The member at `at`, showing `text`, of a container that the last view had as `before`. */
  private member(at: string, text: string, before: unknown): unknown {
    const old = memberOf(before, keyOf(at));
    const same = this.last.get(at) === text && old !== undefined;
    if (!isMark(text)) return same ? old : deepFreeze(JSON.parse(text) as unknown);
    if (same && !this.changes.below.has(at)) return old;
    return this.container(at, same ? old : undefined);
  }
}
