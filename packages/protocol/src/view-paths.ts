/**
 * How a game view travels in the synced state (docs/sync.md): as a map from paths to leaves,
 * so that a move patches only the leaves it changed (DESIGN.md principle 6).
 *
 * A path is a JSON Pointer ("/players/0/money"). A leaf is the JSON text of a primitive or of a
 * flat container (an array or object whose children are all primitives, such as a tile or a
 * hand of card ids): small records stay whole, so a card or a tile is one value on the wire and
 * one entry to change. Every deeper container has a marker entry, "[" or "{", that says what to
 * rebuild at its path. A seat's private part holds only the paths where its view differs from
 * the public one; ABSENT there removes a public path from that seat's view.
 */

/** Marker of an array at a path (never a JSON text on its own). */
export const ARRAY_MARK = "[";
/** Marker of an object at a path. */
export const OBJECT_MARK = "{";
/** In a seat's overrides: this public path is not in the seat's view. */
export const ABSENT = "";

// Most keys (array indices, names) hold neither character: one scan instead of two replacements.
const escapeKey = (key: string) => (/[~/]/.test(key) ? key.replaceAll("~", "~0").replaceAll("/", "~1") : key);
export const unescapeKey = (segment: string) => (segment.includes("~") ? segment.replaceAll("~1", "/").replaceAll("~0", "~") : segment);

/** The path of member `key` of the container at `parent` ("" for the view itself). */
export const memberPath = (parent: string, key: string) => `${parent}/${escapeKey(key)}`;

/** A primitive or a container whose members are all primitives: one leaf, never split. */
export function isLeaf(value: unknown): boolean {
  return value === null || typeof value !== "object" || isFlat(value);
}

function isFlat(container: object): boolean {
  for (const key in container) {
    const child = (container as Record<string, unknown>)[key];
    if (child !== null && typeof child === "object") return false;
  }
  return true;
}

function leafText(value: unknown): string {
  // A view is JSON; anything JSON drops (undefined, a function) reads back as null, as JSON.stringify does in arrays.
  return JSON.stringify(value) ?? "null";
}

function flattenInto(value: unknown, path: string, out: Map<string, string>): void {
  if (value === null || typeof value !== "object" || isFlat(value)) {
    out.set(path, leafText(value));
    return;
  }
  const isArray = Array.isArray(value);
  out.set(path, isArray ? ARRAY_MARK : OBJECT_MARK);
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined && !isArray) continue; // JSON drops undefined members
    flattenInto(child, `${path}/${escapeKey(key)}`, out);
  }
}

/** A game view as paths to leaves. A view is a plain object; anything else is a game's bug. */
export function flattenView(view: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(viewObject(view))) if (value !== undefined) flattenInto(value, `/${escapeKey(key)}`, out);
  return out;
}

/** The paths of the value at `path` (what flattenView gives under that path). */
export function flattenAt(path: string, value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== undefined) flattenInto(value, path, out);
  return out;
}

/** The view itself, checked to be a plain object. */
export function viewObject(view: unknown): Record<string, unknown> {
  if (!view || typeof view !== "object" || Array.isArray(view)) throw new Error("a game view must be a plain object");
  return view as Record<string, unknown>;
}

/** What a seat's flattened view changes in the public one: differing paths, and ABSENT for public paths it lacks. */
export function viewOverrides(publicPaths: ReadonlyMap<string, string>, ownPaths: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, text] of ownPaths) if (publicPaths.get(path) !== text) out.set(path, text);
  for (const path of publicPaths.keys()) if (!ownPaths.has(path)) out.set(path, ABSENT);
  return out;
}

export type Container = Record<string, unknown> | unknown[];

export function put(container: Container, key: string, value: unknown): void {
  // A key named __proto__ is data here, never the object's prototype (which an assignment would
  // set). Every other key is assigned: a defineProperty per member made rebuilding a view about
  // three times slower, and the web client rebuilds its view at every patch.
  if (key === "__proto__") Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
  else (container as Record<string, unknown>)[key] = value;
}

const own = (paths: Readonly<Record<string, string>>, path: string): string | undefined => (Object.hasOwn(paths, path) ? paths[path] : undefined);

/**
 * Rebuilds a view from the public paths and a seat's overrides. Entries whose parent is not a
 * container (left over from a path that changed shape) are ignored, as are ABSENT ones.
 */
export function rebuildView(publicPaths: Readonly<Record<string, string>>, overrides: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const textAt = (path: string): string | undefined => own(overrides, path) ?? own(publicPaths, path);
  const root: Record<string, unknown> = {};
  const built = new Map<string, Container | null>([["", root]]);

  const containerAt = (path: string): Container | null => {
    const known = built.get(path);
    if (known !== undefined) return known;
    const mark = textAt(path);
    let made: Container | null = null;
    if (mark === ARRAY_MARK || mark === OBJECT_MARK) {
      const cut = path.lastIndexOf("/");
      const parent = cut < 0 ? null : containerAt(path.slice(0, cut));
      if (parent) {
        made = mark === ARRAY_MARK ? [] : {};
        put(parent, unescapeKey(path.slice(cut + 1)), made);
      }
    }
    built.set(path, made);
    return made;
  };

  // Leaves come in runs under one parent: its path is compared in place, not cut out and looked up again.
  let lastParentPath = "";
  let lastParent: Container | null = root;
  const place = (path: string, text: string): void => {
    if (text === ABSENT) return;
    if (text === ARRAY_MARK || text === OBJECT_MARK) {
      containerAt(path);
      return;
    }
    const cut = path.lastIndexOf("/");
    if (cut < 0) return;
    if (cut !== lastParentPath.length || !path.startsWith(lastParentPath)) {
      lastParentPath = path.slice(0, cut);
      lastParent = containerAt(lastParentPath);
    }
    if (lastParent) put(lastParent, unescapeKey(path.slice(cut + 1)), JSON.parse(text));
  };
  // The public paths in their order, each as the seat sees it; then the seat's paths the public view lacks.
  for (const path of Object.keys(publicPaths)) place(path, own(overrides, path) ?? publicPaths[path]!);
  for (const path of Object.keys(overrides)) if (!Object.hasOwn(publicPaths, path)) place(path, overrides[path]!);
  return root;
}
