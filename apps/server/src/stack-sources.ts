/**
 * Stack traces that name our TypeScript files, worked out only when an error is logged.
 *
 * The server runs as a bundle (scripts/build.mjs) with a source map beside each chunk. Node's
 * `--enable-source-maps` reads every chunk's map and measures the chunk's lines as it loads:
 * ~115 ms of CPU in every start (start to the first /health, 5 alternated pairs: 1,134 against
 * 1,018 ms), the restart after a crash included. Here a logged error's frames are mapped when
 * pino serializes it (`errWithSources`), each chunk's map read the first time one of its frames
 * is; a frame without a map (a package loaded from node_modules, Node's own code) stays as it is.
 */
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { stdSerializers } from "pino";

/**
 * Only frames of files under this folder are mapped: the bundle's own (this module is a chunk in
 * dist/chunks, so its parent is dist; run from the sources, the server's folder). A stack's text
 * also carries the error's message, which may repeat what a client sent: a line in it shaped like
 * a frame must not make the logger read any `.map` file it names (a FIFO would block the process,
 * a huge file stall it, and every new name would grow the cache).
 */
const OWN_FILES = dirname(dirname(fileURLToPath(import.meta.url))) + sep;

const maps = new Map<string, SourceMap | null>();

/** The map written beside a generated file (`<file>.map`), or null when there is none or it does not parse. */
function mapFor(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

/** `    at name (file:///…/chunk.js:12:345)` or `    at file:///…/chunk.js:12:345` */
const FRAME = /^(\s*at (?:.*? \()?)((?:file:\/\/)?\/[^():]+?\.[cm]?js):(\d+):(\d+)(\)?)$/;

function mapFrame(line: string, root: string): string {
  const match = FRAME.exec(line);
  if (!match) return line;
  const [, head, location, lineText, columnText, tail] = match as unknown as [string, string, string, string, string, string];
  let file: string;
  try {
    file = location.startsWith("file://") ? fileURLToPath(location) : location;
  } catch {
    return line; // not a usable file URL
  }
  if (!file.startsWith(root) || file.includes(`${sep}..${sep}`)) return line;
  const map = mapFor(file);
  if (!map) return line;
  const entry = map.findEntry(Number(lineText) - 1, Number(columnText) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) return line;
  const source = fileURLToPath(new URL(entry.originalSource, pathToFileURL(`${file}.map`)));
  return `${head}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${tail}`;
}

/** A stack with every frame under `root` that has a source map named by its original file, line and column. */
export function stackWithSources(stack: string, root = OWN_FILES): string {
  return stack
    .split("\n")
    .map((line) => mapFrame(line, root))
    .join("\n");
}

/** pino's `err` serializer, with the stack (and each `cause`'s) mapped to the original sources under `root`. */
export function errSerializer(root = OWN_FILES): (error: unknown) => unknown {
  const mapStacks = (value: unknown, depth: number): void => {
    if (depth > 8 || typeof value !== "object" || value === null) return;
    const record = value as { stack?: unknown; cause?: unknown };
    if (typeof record.stack === "string") record.stack = stackWithSources(record.stack, root);
    mapStacks(record.cause, depth + 1);
  };
  return (error) => {
    const serialized = stdSerializers.err(error as Error) as unknown;
    mapStacks(serialized, 0);
    return serialized;
  };
}

/** The server's: frames of its own bundle mapped. */
export const errWithSources = errSerializer();
