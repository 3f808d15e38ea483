/**
 * Board geometry computed from the game's data table (BUILDINGS, RING, GRAVES, BAR_PRICES…),
 * never from a picture. Two orientations share one description: "wide" runs Main Street left
 * to right (T buildings above, B below); "tall" turns it a quarter clockwise for phones
 * (SL on top, T buildings on the right), which keeps clockwise clockwise.
 */
import { BUILDINGS, type BuildingId, RING, type SpaceId } from "@saloon/fistful";

export type Orientation = "wide" | "tall";
export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BoardLayout {
  orientation: Orientation;
  width: number;
  height: number;
  street: Rect;
  buildings: Record<BuildingId, Rect>;
  /** Centre of each space (doors and showdown spaces). */
  spaces: Record<SpaceId, Point>;
  /** The clickable area of each space. */
  spaceHit: Record<SpaceId, Rect>;
  doorRadius: number;
  showdownRadius: number;
  /** Baseline centre of the "SHOWDOWN" word by each showdown space. */
  showdownLabel: Record<"SL" | "SR", Point>;
  /** Text on the tall (phone) board is drawn a little larger, as the whole board is drawn smaller. */
  textScale: number;
  explosion: Point;
  hand: Rect;
  bag: Rect;
  saloon: Rect;
  jail: Rect;
  graveyard: Rect;
  bank: Rect;
  /** Unit vector along the street (T1 → T6 direction) in screen space. */
  along: Point;
}

interface Dimensions {
  /** Length of each end zone (showdown space) along the street. */
  end: number;
  /** Distance between neighbouring doors. */
  pitch: number;
  /** Depth of a building row across the street. */
  depth: number;
  gap: number;
  streetWidth: number;
  /** Distance from the street edge to a door's centre. */
  doorInset: number;
}

const DIMENSIONS: Record<Orientation, Dimensions> = {
  wide: { end: 140, pitch: 160, depth: 200, gap: 8, streetWidth: 264, doorInset: 50 },
  // The tall board's end zones are longer: its "SHOWDOWN" word sits between SL and the first doors.
  tall: { end: 166, pitch: 190, depth: 212, gap: 8, streetWidth: 272, doorInset: 50 },
};

/** How far a control's glow (its `.halo`) reaches past a building or a place, and past a space's pad. */
export const HALO = { building: 5, space: 7 };
export const SHOWDOWN_RADIUS = 50;
export const DOOR_RADIUS = 36;
/** Size of the "SHOWDOWN" word at text scale 1. */
export const SHOWDOWN_LABEL_SIZE = 14;

/** Row ("T" above / "B" below) and 0-based index along the street, read from the building id. */
export function buildingSlot(id: BuildingId): { row: "T" | "B"; index: number } {
  return { row: id[0] === "T" ? "T" : "B", index: Number(id.slice(1)) - 1 };
}

export function computeLayout(orientation: Orientation): BoardLayout {
  const d = DIMENSIONS[orientation];
  const perRow = BUILDINGS.length / 2;
  const length = 2 * d.end + perRow * d.pitch;
  const across = 2 * d.depth + 2 * d.gap + d.streetWidth;
  const streetFrom = d.depth + d.gap;
  const streetTo = streetFrom + d.streetWidth;

  // (along, across) → screen. Wide: identity. Tall: a quarter turn clockwise.
  const pt = (a: number, c: number): Point => (orientation === "wide" ? { x: a, y: c } : { x: across - c, y: a });
  const rect = (a: number, c: number, la: number, lc: number): Rect => {
    if (orientation === "wide") return { x: a, y: c, w: la, h: lc };
    return { x: across - c - lc, y: a, w: lc, h: la };
  };

  const buildings = {} as Record<BuildingId, Rect>;
  const spaces = {} as Record<SpaceId, Point>;
  const spaceHit = {} as Record<SpaceId, Rect>;
  for (const id of BUILDINGS) {
    const { row, index } = buildingSlot(id);
    const a0 = d.end + index * d.pitch;
    // Inset enough that the glows of two neighbouring buildings offered together do not touch.
    buildings[id] = rect(a0 + 8, row === "T" ? 0 : across - d.depth, d.pitch - 16, d.depth);
    const c = row === "T" ? streetFrom + d.doorInset : streetTo - d.doorInset;
    spaces[id] = pt(a0 + d.pitch / 2, c);
    spaceHit[id] = rect(a0 + 6, c - 46, d.pitch - 12, 92);
  }
  const middle = across / 2;
  spaces.SL = pt(d.end / 2, middle);
  spaces.SR = pt(length - d.end / 2, middle);
  spaceHit.SL = rect(6, streetFrom + 20, d.end - 12, d.streetWidth - 40);
  spaceHit.SR = rect(length - d.end + 6, streetFrom + 20, d.end - 12, d.streetWidth - 40);
  const textScale = orientation === "tall" ? 1.2 : 1;
  // Below each pad, except the tall board's SR, whose word goes above it, away from the Saloon below the street.
  const below = SHOWDOWN_RADIUS + 22 * textScale;
  const above = -SHOWDOWN_RADIUS - 10;
  const showdownLabel = {
    SL: { x: spaces.SL.x, y: spaces.SL.y + below },
    SR: { x: spaces.SR.x, y: spaces.SR.y + (orientation === "tall" ? above : below) },
  };

  // The band between the two rows of doors holds the hand, the explosion space and the bag.
  const bandFrom = streetFrom + d.doorInset + 44;
  const bandTo = streetTo - d.doorInset - 44;
  const half = length / 2;
  // Keep clear of the showdown labels at the ends of the street.
  const hand = rect(d.end + 40, bandFrom, half - d.end - 108, bandTo - bandFrom);
  const bag = rect(half + 68, bandFrom, half - d.end - 108, bandTo - bandFrom);

  // Below the street: the Saloon, the Jail, the graveyard and the bank.
  const top = orientation === "wide" ? across + 16 : length + 16;
  const width = orientation === "wide" ? length : across;
  let saloon: Rect, jail: Rect, graveyard: Rect, bank: Rect, height: number;
  if (orientation === "wide") {
    const h = 220;
    const w = [330, 250, 280, 0];
    w[3] = width - w[0]! - w[1]! - w[2]! - 3 * 10 - 8;
    let x = 4;
    const next = (cw: number): Rect => {
      const r = { x, y: top, w: cw, h };
      x += cw + 10;
      return r;
    };
    saloon = next(w[0]!);
    jail = next(w[1]!);
    graveyard = next(w[2]!);
    bank = next(w[3]!);
    height = top + h + 8;
  } else {
    const h = 230;
    const cw = (width - 8 - 10) / 2;
    saloon = { x: 4, y: top, w: cw, h };
    jail = { x: 4 + cw + 10, y: top, w: cw, h };
    graveyard = { x: 4, y: top + h + 10, w: cw, h };
    bank = { x: 4 + cw + 10, y: top + h + 10, w: cw, h };
    height = top + 2 * h + 18;
  }

  return {
    orientation,
    width,
    height,
    street: rect(0, streetFrom, length, d.streetWidth),
    buildings,
    spaces,
    spaceHit,
    doorRadius: DOOR_RADIUS,
    showdownRadius: SHOWDOWN_RADIUS,
    showdownLabel,
    textScale,
    explosion: pt(half, middle),
    hand,
    bag,
    saloon,
    jail,
    graveyard,
    bank,
    along: orientation === "wide" ? { x: 1, y: 0 } : { x: 0, y: 1 },
  };
}

/** The space next to `space` round the ring in a direction (occupied or not). */
export function ringNeighbour(space: SpaceId, direction: "cw" | "ccw"): SpaceId {
  const i = RING.indexOf(space);
  const step = direction === "cw" ? 1 : -1;
  return RING[(i + step + RING.length) % RING.length]!;
}

/**
 * Where the two direction arrows sit: half-way from the source (a building's door, or the
 * chosen start space) towards its ring neighbour on each side, pointing at that neighbour.
 */
export function directionArrows(layout: BoardLayout, from: SpaceId): Record<"cw" | "ccw", { at: Point; angle: number }> {
  const origin = layout.spaces[from];
  const arrow = (direction: "cw" | "ccw") => {
    const to = layout.spaces[ringNeighbour(from, direction)];
    const dx = to.x - origin.x;
    const dy = to.y - origin.y;
    const dist = Math.hypot(dx, dy) || 1;
    // Half-way, but no further than 100: from a showdown space both neighbours lie up the street,
    // and the two arrows need that reach to sit apart.
    const reach = Math.min(dist / 2, 100);
    return { at: { x: origin.x + (dx / dist) * reach, y: origin.y + (dy / dist) * reach }, angle: (Math.atan2(dy, dx) * 180) / Math.PI };
  };
  return { cw: arrow("cw"), ccw: arrow("ccw") };
}

export function centre(r: Rect): Point {
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}
