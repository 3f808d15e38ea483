/**
 * The tap area of a board control (components/Spot.svelte): a transparent rectangle over the
 * control's drawing, as large as the drawing and grown to MIN_TARGET_PX on screen each way where
 * the drawing is smaller, centred on it. A board is one SVG scaled to the screen, so a tile that
 * is a comfortable target on a desktop is a 19 px speck on a phone; its tap area grows with the
 * scale instead of the drawing. An area never grows past the middle of the gap to the drawing of
 * another control offered at the same time, so it never takes a neighbour's taps: where controls
 * sit too close for 40 px each, the board's layout must space them (El Gaucho's narrow layout),
 * and the browser tests say where that is still missing.
 */
import type { Attachment } from "svelte/attachments";

/** UI.md asks for 40 px; 2 more absorb sub-pixel scaling. */
export const MIN_TARGET_PX = 42;

/** Attributes that move or resize what is drawn. */
const GEOMETRY = ["x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "d", "points", "transform", "x1", "x2", "y1", "y2"];

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The tap area for a drawing at `own` (screen pixels): grown to `min` each way round its centre,
 * but towards a neighbour's drawing (one that shares its rows or columns) no further than halfway
 * across the gap between them, and not at all where the two drawings touch or overlap.
 */
export function tapArea(own: Box, neighbours: readonly Box[], min = MIN_TARGET_PX): Box {
  const growX = Math.max(0, (min - (own.right - own.left)) / 2);
  const growY = Math.max(0, (min - (own.bottom - own.top)) / 2);
  const area = { left: own.left - growX, top: own.top - growY, right: own.right + growX, bottom: own.bottom + growY };
  const middle = (box: Box) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
  const centre = middle(own);
  for (const other of neighbours) {
    const at = middle(other);
    if (other.left < own.right && other.right > own.left) {
      if (at.y > centre.y) area.bottom = Math.min(area.bottom, Math.max(own.bottom, (own.bottom + other.top) / 2));
      if (at.y < centre.y) area.top = Math.max(area.top, Math.min(own.top, (other.bottom + own.top) / 2));
    }
    if (other.top < own.bottom && other.bottom > own.top) {
      if (at.x > centre.x) area.right = Math.min(area.right, Math.max(own.right, (own.right + other.left) / 2));
      if (at.x < centre.x) area.left = Math.max(area.left, Math.min(own.left, (other.right + own.left) / 2));
    }
  }
  return area;
}

// One pass per frame for every area that needs sizing: all drawings are measured first, then all
// areas written, so the browser lays the page out once rather than once per control.
const pending = new Set<SVGRectElement>();
let frame = 0;

function refit(svg: SVGSVGElement): void {
  for (const hit of svg.querySelectorAll<SVGRectElement>(".option > .tap-area")) pending.add(hit);
  if (!frame) frame = requestAnimationFrame(flush);
}

function flush(): void {
  frame = 0;
  const hits = [...pending].filter((hit) => hit.isConnected);
  pending.clear();
  const drawingBoxes = new Map<SVGSVGElement, Map<Element, DOMRect>>();
  const boxesIn = (svg: SVGSVGElement) => {
    let boxes = drawingBoxes.get(svg);
    if (!boxes) {
      boxes = new Map([...svg.querySelectorAll(".option > .drawing")].map((drawing) => [drawing, drawing.getBoundingClientRect()]));
      drawingBoxes.set(svg, boxes);
    }
    return boxes;
  };
  const plans = hits.flatMap((hit) => {
    const svg = hit.ownerSVGElement;
    const drawing = hit.previousElementSibling;
    const ctm = hit.getScreenCTM();
    if (!svg || !drawing || !ctm) return [];
    const boxes = boxesIn(svg);
    const own = boxes.get(drawing) ?? drawing.getBoundingClientRect();
    if (own.width === 0 && own.height === 0) return [];
    const area = tapArea(own, [...boxes].filter(([other]) => other !== drawing).map(([, box]) => box));
    // Back from screen pixels to the drawing's own units.
    const toUser = ctm.inverse();
    const a = new DOMPoint(area.left, area.top).matrixTransform(toUser);
    const b = new DOMPoint(area.right, area.bottom).matrixTransform(toUser);
    return [{ hit, x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) }];
  });
  for (const { hit, ...rect } of plans) for (const [name, value] of Object.entries(rect)) hit.setAttribute(name, String(value));
}

/** Sizes the `.tap-area` rectangle to its drawing (the element before it), now and whenever the board or a drawing changes. */
export const hitArea: Attachment<SVGRectElement> = (hit) => {
  const drawing = hit.previousElementSibling;
  const svg = hit.ownerSVGElement;
  if (!drawing || !svg) return;
  // A control that comes or goes changes how far its neighbours may grow.
  refit(svg);
  // The board is redrawn at another scale (a rotated phone, a resized window, the side column folding away).
  const resized = new ResizeObserver(() => refit(svg));
  resized.observe(svg);
  // The drawing itself changes (a tile added to a hand that stays one control).
  const redrawn = new MutationObserver(() => refit(svg));
  redrawn.observe(drawing, { subtree: true, childList: true, attributes: true, attributeFilter: GEOMETRY });
  return () => {
    resized.disconnect();
    redrawn.disconnect();
    refit(svg);
  };
};
