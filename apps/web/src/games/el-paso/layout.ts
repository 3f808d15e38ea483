/**
 * Board geometry computed from the rules' data table: the trail is read from SUCCESSORS (a loop
 * from El Paso back to El Paso whose forks split into an inner and an outer branch), so a changed
 * graph redraws itself. Wide screens get the trail as a loop around the trading posts and the
 * Simmental pile; narrow ones (phones) a single column, forks side by side, the posts below.
 */
import { BUILDING_TYPES, DISPLAY_SLOTS, EL_PASO, MARKET_BREEDS, type NodeId, POSTS, type PostId, SUCCESSORS, TRAIN_CARDS, WORKER_TYPES } from "@saloon/el-paso";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Point {
  x: number;
  y: number;
}
export type Orientation = "wide" | "narrow";

/** One stretch of the loop: a node on the main line, or a fork's two branches side by side. */
export type Segment = { kind: "main"; node: NodeId } | { kind: "fork"; inner: NodeId[]; outer: NodeId[] };

/** The loop in trail order, starting at El Paso. Branches are followed to the node where they join. */
export function trailSegments(successors: Record<string, readonly string[]> = SUCCESSORS): Segment[] {
  const segments: Segment[] = [];
  const seen = new Set<string>();
  let node: string = EL_PASO;
  for (;;) {
    if (seen.has(node)) throw new Error(`the trail loops back to ${node} before El Paso`);
    seen.add(node);
    segments.push({ kind: "main", node: node as NodeId });
    const next = successors[node] ?? [];
    if (next.length === 0) throw new Error(`the trail stops at ${node}`);
    if (next.length === 1) {
      if (next[0] === EL_PASO) return segments;
      node = next[0]!;
      continue;
    }
    // A fork: walk each branch until it reaches a node the other branch also reaches.
    const run = (start: string): string[] => {
      const path = [start];
      while ((successors[path[path.length - 1]!] ?? []).length === 1 && path.length < 64) path.push(successors[path[path.length - 1]!]![0]!);
      return path;
    };
    const a = run(next[0]!);
    const b = run(next[1]!);
    const join = a.find((n) => b.includes(n));
    if (!join) throw new Error(`the fork after ${node} never joins`);
    const inner = a.slice(0, a.indexOf(join));
    const outer = b.slice(0, b.indexOf(join));
    for (const n of [...inner, ...outer]) seen.add(n);
    segments.push({ kind: "fork", inner: inner as NodeId[], outer: outer as NodeId[] });
    if (join === EL_PASO) return segments;
    node = join;
  }
}

export const TILE_W = 124;
export const TILE_H = 104;

export interface TrailLayout {
  orientation: Orientation;
  width: number;
  height: number;
  /** Where each node's tile is drawn (its centre is the herder's spot). */
  nodes: Record<NodeId, Rect>;
  /** Which branch a node is on, for the path's look. */
  branch: Record<NodeId, "main" | "inner" | "outer">;
  /** The centre field: trading posts, the Simmental pile and the Simmental space. */
  posts: Record<PostId, Rect>;
  simmental: Rect;
  simmSpace: Rect;
  /** Title and key of the centre field. */
  centre: Rect;
  /** Narrow only: the way back from the last node to El Paso, drawn beside the column. */
  returnPath: Point[] | null;
}

const units = (segment: Segment) => (segment.kind === "main" ? 1 : Math.max(1, segment.inner.length, segment.outer.length));

export function computeTrailLayout(orientation: Orientation, segments: Segment[] = trailSegments()): TrailLayout {
  const nodes = {} as Record<NodeId, Rect>;
  const branch = {} as Record<NodeId, "main" | "inner" | "outer">;
  const total = segments.reduce((s, seg) => s + units(seg), 0);
  const gap = 10;
  const place = (node: NodeId, c: Point, kind: "main" | "inner" | "outer") => {
    nodes[node] = { x: c.x - TILE_W / 2, y: c.y - TILE_H / 2, w: TILE_W, h: TILE_H };
    branch[node] = kind;
  };
  if (orientation === "wide") {
    // El Paso at the left end, the trail running clockwise: along the top, one location down the
    // right end, back along the bottom. Forks split up and down; inner branches face the centre.
    const band = 2 * TILE_H + gap;
    const pitch = TILE_W + gap;
    const rest = segments.slice(1);
    const restUnits = total - 1;
    const top: Segment[] = [];
    let topUnits = 0;
    while (rest.length > 0 && topUnits + units(rest[0]!) <= Math.ceil((restUnits - 1) / 2)) topUnits += units(top[top.push(rest.shift()!) - 1]!);
    const corner = rest.length > 1 && rest[0]!.kind === "main" ? rest.shift()! : null;
    const bottom = rest;
    const bottomUnits = bottom.reduce((s, seg) => s + units(seg), 0);
    const rowUnits = Math.max(topUnits, bottomUnits, 1);
    const left = 16 + pitch;
    const width = left + rowUnits * pitch + (corner ? pitch : 0) + 16;
    const centreH = 340;
    const height = 16 + band + centreH + band + 16;
    const topY = 16 + band / 2;
    const bottomY = height - 16 - band / 2;
    const lay = (row: Segment[], y: number, dir: 1 | -1, inward: 1 | -1) => {
      let at = 0;
      const scale = rowUnits / Math.max(1, row.reduce((s, seg) => s + units(seg), 0));
      for (const seg of row) {
        const u = units(seg) * scale;
        const x = (k: number) => (dir > 0 ? left + k * pitch : left + rowUnits * pitch - k * pitch);
        if (seg.kind === "main") place(seg.node, { x: x(at + u / 2), y }, "main");
        else {
          for (const [list, side] of [
            [seg.inner, inward],
            [seg.outer, -inward],
          ] as const) {
            list.forEach((node, i) => place(node, { x: x(at + ((i + 0.5) * u) / list.length), y: y + (side * (TILE_H + gap)) / 2 }, side === inward ? "inner" : "outer"));
          }
        }
        at += u;
      }
    };
    place(EL_PASO, { x: 16 + TILE_W / 2, y: height / 2 }, "main");
    lay(top, topY, 1, 1);
    lay(bottom, bottomY, -1, -1);
    if (corner && corner.kind === "main") place(corner.node, { x: width - 16 - TILE_W / 2, y: height / 2 }, "main");
    const centre = { x: left + 8, y: 16 + band + 12, w: rowUnits * pitch - 16, h: centreH - 24 };
    const postW = Math.min(120, (centre.w - (POSTS.length - 1) * 10) / POSTS.length);
    const postsW = POSTS.length * postW + (POSTS.length - 1) * 10;
    const px = centre.x + (centre.w - postsW) / 2;
    const simmental = { x: px, y: centre.y + 34, w: 190, h: 86 };
    const posts = Object.fromEntries(POSTS.map((p, i) => [p, { x: px + i * (postW + 10), y: simmental.y + simmental.h + 14, w: postW, h: 172 }])) as Record<PostId, Rect>;
    const simmSpace = { x: simmental.x + simmental.w + 14, y: centre.y + 34, w: 190, h: 86 };
    return { orientation, width, height, nodes, branch, posts, simmental, simmSpace, centre, returnPath: null };
  }
  // Narrow: one column, El Paso on top; a fork puts its branches side by side (inner on the left).
  const margin = 14;
  const back = 34;
  const width = margin + 2 * TILE_W + gap + back;
  const mid = margin + TILE_W + gap / 2;
  const rowH = TILE_H + 22;
  let y = 12;
  for (const seg of segments) {
    const u = units(seg);
    if (seg.kind === "main") place(seg.node, { x: mid, y: y + TILE_H / 2 }, "main");
    else {
      for (const [list, side] of [
        [seg.inner, -1],
        [seg.outer, 1],
      ] as const) {
        list.forEach((node, i) => {
          const cy = y + ((i + 0.5) * u * rowH) / list.length - rowH / 2 + TILE_H / 2;
          place(node, { x: mid + side * (TILE_W / 2 + gap / 2), y: cy }, side < 0 ? "inner" : "outer");
        });
      }
    }
    y += u * rowH;
  }
  const end = segments.at(-1)!;
  const last = nodes[end.kind === "main" ? end.node : (end.outer.at(-1) ?? end.inner.at(-1) ?? EL_PASO)];
  const ep = nodes[EL_PASO];
  const rx = width - back / 2 - 2;
  const returnPath = [
    { x: last.x + last.w, y: last.y + last.h / 2 },
    { x: rx, y: last.y + last.h / 2 },
    { x: rx, y: ep.y + ep.h / 2 },
    { x: ep.x + ep.w, y: ep.y + ep.h / 2 },
  ];
  const centre = { x: margin, y: y + 8, w: width - margin - back, h: 0 };
  const perRow = 4;
  const postW = (centre.w - (perRow - 1) * 8) / perRow;
  const simmental = { x: centre.x, y: centre.y + 38, w: (centre.w - 12) / 2, h: 82 };
  const simmSpace = { x: centre.x + simmental.w + 12, y: centre.y + 38, w: (centre.w - 12) / 2, h: 82 };
  const postsTop = simmental.y + simmental.h + 16;
  const posts = Object.fromEntries(
    POSTS.map((p, i) => [p, { x: centre.x + (i % perRow) * (postW + 8), y: postsTop + Math.floor(i / perRow) * 178, w: postW, h: 168 }]),
  ) as Record<PostId, Rect>;
  const height = postsTop + Math.ceil(POSTS.length / perRow) * 178 + 8;
  centre.h = height - centre.y;
  return { orientation, width, height, nodes, branch, posts, simmental, simmSpace, centre, returnPath };
}

// ---------------------------------------------------------------- the displays

export interface DisplayLayout {
  orientation: Orientation;
  width: number;
  height: number;
  trains: Record<number, Rect>;
  objectives: { pile: Rect; slots: Rect[] };
  bonuses: { pile: Rect; slots: Rect[] };
  buildings: Record<number, Rect>;
  market: Record<string, Rect>;
  workers: Record<string, Rect>;
  /** Section titles: where each group's heading is written. */
  titles: { text: string; x: number; y: number }[];
}

/** The displays, as wide as the trail drawn above them so both scale alike. */
export function computeDisplayLayout(orientation: Orientation, width: number, slots = DISPLAY_SLOTS): DisplayLayout {
  const wide = orientation === "wide";
  const gap = 10;
  const titles: DisplayLayout["titles"] = [];
  let y = 30;
  /** `count` cells of height `h` in `cols` columns spanning x0..x0+w, starting at y; returns the cells and their bottom. */
  const grid = (count: number, cols: number, h: number, x0: number, w: number) => {
    const cw = (w - (cols - 1) * gap) / cols;
    const cells = Array.from({ length: count }, (_, i) => ({ x: x0 + (i % cols) * (cw + gap), y: y + Math.floor(i / cols) * (h + gap), w: cw, h }));
    return { cells, bottom: y + Math.ceil(count / cols) * (h + gap) - gap };
  };
  const section = (text: string, x = 0) => titles.push({ text, x, y: y - 10 });
  const half = width / 2 - gap / 2;

  section("Train cards");
  const trainGrid = grid(TRAIN_CARDS.length, wide ? 4 : 2, 124, 0, width);
  y = trainGrid.bottom + 34;

  let objectives: DisplayLayout["objectives"];
  let bonuses: DisplayLayout["bonuses"];
  if (wide) {
    section("Objective tiles");
    section("Bonus tiles", half + gap);
    const o = grid(slots + 1, slots + 1, 112, 0, half);
    const b = grid(slots + 1, slots + 1, 112, half + gap, half);
    objectives = { pile: o.cells[0]!, slots: o.cells.slice(1) };
    bonuses = { pile: b.cells[0]!, slots: b.cells.slice(1) };
    y = o.bottom + 34;
  } else {
    section("Objective tiles");
    const o = grid(slots + 1, 2, 112, 0, width);
    objectives = { pile: o.cells[0]!, slots: o.cells.slice(1) };
    y = o.bottom + 34;
    section("Bonus tiles");
    const b = grid(slots + 1, 2, 112, 0, width);
    bonuses = { pile: b.cells[0]!, slots: b.cells.slice(1) };
    y = b.bottom + 34;
  }

  section("Buildings");
  const bGrid = grid(BUILDING_TYPES.length, wide ? 6 : 2, 150, 0, width);
  const buildings = Object.fromEntries(BUILDING_TYPES.map((t, i) => [t, bGrid.cells[i]!])) as Record<number, Rect>;
  y = bGrid.bottom + 34;

  let market: Record<string, Rect>;
  let workers: Record<string, Rect>;
  if (wide) {
    section("Cattle market");
    section("Workers for hire", half + gap);
    const m = grid(MARKET_BREEDS.length, MARKET_BREEDS.length, 112, 0, half);
    const w = grid(WORKER_TYPES.length, WORKER_TYPES.length, 112, half + gap, half);
    market = Object.fromEntries(MARKET_BREEDS.map((b, i) => [b, m.cells[i]!]));
    workers = Object.fromEntries(WORKER_TYPES.map((t, i) => [t, w.cells[i]!]));
    y = Math.max(m.bottom, w.bottom) + 8;
  } else {
    section("Cattle market");
    const m = grid(MARKET_BREEDS.length, 2, 112, 0, width);
    market = Object.fromEntries(MARKET_BREEDS.map((b, i) => [b, m.cells[i]!]));
    y = m.bottom + 34;
    section("Workers for hire");
    const w = grid(WORKER_TYPES.length, 2, 112, 0, width);
    workers = Object.fromEntries(WORKER_TYPES.map((t, i) => [t, w.cells[i]!]));
    y = w.bottom + 8;
  }
  const trains = Object.fromEntries(TRAIN_CARDS.map((n, i) => [n, trainGrid.cells[i]!]));
  return { orientation, width, height: y, trains, objectives, bonuses, buildings, market, workers, titles };
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export const inside = (a: Rect, width: number, height: number): boolean => a.x >= 0 && a.y >= 0 && a.x + a.w <= width && a.y + a.h <= height;

/**
 * A font size at which `text` fits `width` (SVG text does not wrap): `size`, or smaller for long
 * text. Bold system sans averages about 0.6 em per character.
 */
export function fitFont(text: string, width: number, size: number): number {
  return Math.min(size, width / (Math.max(1, text.length) * 0.6));
}
