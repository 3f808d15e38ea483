/**
 * A client's view, kept up to date patch by patch. `rebuildView` makes the whole view from every
 * path at each patch: every leaf parsed, every container made again, although a move changes a
 * few entries (issue #14: the web client does it at every patch, and so do the load benchmark's
 * SDK clients, on the server's machine). A `ViewDecoder` remembers what each path showed last
 * time and the view it made of it; the next view is the last one with only what changed made
 * again: a leaf whose text changed is parsed and set, a container whose members came or went (a
 * player's pieces, a frame of the turn's stack) is rebuilt from its own paths, and the
 * containers on the way to either are copied. Everything else is shared with the view before.
 *
 * Because consecutive views share their unchanged parts, they are frozen: a reader that wrote
 * into one would change the views after it too, so it throws instead.
 */
import { ABSENT, ARRAY_MARK, OBJECT_MARK, rebuildView } from "./view-paths.ts";

type Paths = Readonly<Record<string, string>>;
type Container = Record<string, unknown> | unknown[];

const isMark = (text: string | undefined): boolean => text === ARRAY_MARK || text === OBJECT_MARK;
const unescapeKey = (segment: string) => (segment.includes("~") ? segment.replaceAll("~1", "/").replaceAll("~0", "~") : segment);
const parentOf = (path: string): string => path.slice(0, path.lastIndexOf("/"));

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
}

/** Sets a member as rebuildView does: a key named __proto__ is data, not the prototype. */
function put(container: Container, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
  else (container as Record<string, unknown>)[key] = value;
}

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

/** What changed from one patch to the next: leaves to set anew, containers to rebuild whole (by path). */
interface Changes {
  leaves: Map<string, string>;
  containers: Set<string>;
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

/** Null when the view is best rebuilt whole: the view's own keys changed, or paths changed places. */
function changesOf(last: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): Changes | null {
  const leaves = new Map<string, string>();
  const containers = new Set<string>();
  // A path that came, went or changed kind changes its container's members: that container is rebuilt.
  const membersChanged = (path: string): boolean => {
    const parent = parentOf(path);
    if (parent === "") return false;
    containers.add(parent);
    return true;
  };
  for (const [path, text] of next) {
    const before = last.get(path);
    if (before === text) continue;
    if (before !== undefined && !isMark(before) && !isMark(text)) leaves.set(path, text);
    else if (!membersChanged(path)) return null;
  }
  if (last.size !== next.size || leaves.size + containers.size > 0) {
    for (const path of last.keys()) if (!next.has(path) && !membersChanged(path)) return null;
  }
  return sameOrder(last, next) ? { leaves, containers } : null;
}

export class ViewDecoder {
  private shown = new Map<string, string>();
  private view: Record<string, unknown> | null = null;

  /** The view of these paths (a seat's overrides over the public ones), frozen, sharing what did not change with the last one. */
  decode(publicPaths: Paths, overrides?: Paths): Record<string, unknown> {
    const shown = shownPaths(publicPaths, overrides);
    const changes = this.view ? changesOf(this.shown, shown) : null;
    let view = changes && patched(this.view!, changes, shown);
    if (!view) {
      view = rebuildView(publicPaths, overrides);
      deepFreeze(view);
    }
    this.shown = shown;
    this.view = view;
    return view;
  }
}

/** The container at `path`, rebuilt from the paths below it as rebuildView would make it. */
function rebuiltContainer(path: string, shown: ReadonlyMap<string, string>): unknown {
  // Re-rooted under a key of its own: rebuildView makes an object at the root, and this may be an array.
  const own: Record<string, string> = { "/c": shown.get(path)! };
  const below = `${path}/`;
  for (const [at, text] of shown) if (at.startsWith(below)) own[`/c${at.slice(path.length)}`] = text;
  return rebuildView(own).c;
}

/**
 * `view` with `changes` made: each container on the way to a change is copied once (and frozen),
 * the rest shared. Null if a change's way does not lead through containers of the kinds `shown`
 * marks (the whole rebuild decides what such a path shows), or nothing could be shared.
 */
function patched(view: Record<string, unknown>, { leaves, containers }: Changes, shown: ReadonlyMap<string, string>): Record<string, unknown> | null {
  if (leaves.size === 0 && containers.size === 0) return view;
  // A change inside a container rebuilt anyway is part of that rebuild.
  const within = (path: string): boolean => {
    for (let at = parentOf(path); at !== ""; at = parentOf(at)) if (containers.has(at)) return true;
    return false;
  };
  const copies = new Set<Container>();
  const copy = <C extends Container>(container: C): C => {
    const made = (Array.isArray(container) ? container.slice() : { ...container }) as C;
    copies.add(made);
    return made;
  };
  const root = copy(view);
  /** Sets the member at `path` (its container's way from the root copied), or false when that way is not there. */
  const setAt = (path: string, value: unknown): boolean => {
    if (!path.startsWith("/")) return false;
    const segments = path.split("/");
    let node: Container = root;
    let at = "";
    for (let i = 1; i < segments.length - 1; i++) {
      at += `/${segments[i]}`;
      const mark = shown.get(at);
      if (!isMark(mark)) return false;
      const key = unescapeKey(segments[i]!);
      let child = (node as Record<string, unknown>)[key];
      if (child === null || typeof child !== "object" || !Object.hasOwn(node, key) || Array.isArray(child) !== (mark === ARRAY_MARK)) return false;
      if (!copies.has(child as Container)) {
        child = copy(child as Container);
        put(node, key, child);
      }
      node = child as Container;
    }
    const key = unescapeKey(segments[segments.length - 1]!);
    // Only a member that is there already: a new one would take another place among its siblings than rebuildView gives it.
    if (!Object.hasOwn(node, key)) return false;
    put(node, key, value);
    return true;
  };
  for (const path of containers) {
    if (within(path)) continue;
    const rebuilt = isMark(shown.get(path)) ? rebuiltContainer(path, shown) : undefined;
    if (rebuilt === undefined) return null;
    deepFreeze(rebuilt);
    if (!setAt(path, rebuilt)) return null;
  }
  for (const [path, text] of leaves) {
    if (within(path)) continue;
    const leaf = JSON.parse(text) as unknown;
    deepFreeze(leaf);
    if (!setAt(path, leaf)) return null;
  }
  copies.forEach((made) => Object.freeze(made));
  return root;
}
