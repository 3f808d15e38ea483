/**
 * The tap area of a board control (components/Spot.svelte): a transparent rectangle over the
 * control's drawing, as large as the drawing and never smaller than MIN_TARGET_PX on screen in
 * either direction, centred on it. A board is one SVG scaled to the screen, so a tile that is a
 * comfortable target on a desktop is a 19 px speck on a phone; its hit area grows with the scale
 * instead of the drawing. Boards keep their controls far enough apart that grown areas do not
 * cover a neighbour that is offered at the same time (the browser tests check both).
 */
import type { Attachment } from "svelte/attachments";

/** UI.md asks for 40 px; 2 more absorb sub-pixel scaling. */
export const MIN_TARGET_PX = 42;

/** Attributes that move or resize what is drawn. */
const GEOMETRY = ["x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "d", "points", "transform", "x1", "x2", "y1", "y2"];

/** The rectangle (in the drawing's own units) that covers `box` and is at least `min` units each way. */
export function padTo(box: { x: number; y: number; width: number; height: number }, min: number): { x: number; y: number; width: number; height: number } {
  const width = Math.max(box.width, min);
  const height = Math.max(box.height, min);
  return { x: box.x - (width - box.width) / 2, y: box.y - (height - box.height) / 2, width, height };
}

/** Sizes the `.hit` rectangle to its drawing (the element before it), now and whenever either changes size. */
export const hitArea: Attachment<SVGRectElement> = (hit) => {
  const drawing = hit.previousElementSibling;
  const svg = hit.ownerSVGElement;
  if (!(drawing instanceof SVGGraphicsElement) || !svg) return;
  const fit = () => {
    const ctm = hit.getScreenCTM();
    const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 0;
    const area = padTo(drawing.getBBox(), scale > 0 ? MIN_TARGET_PX / scale : 0);
    for (const [name, value] of Object.entries(area)) hit.setAttribute(name, String(value));
  };
  let frame = 0;
  const later = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(fit);
  };
  fit();
  // The board is redrawn at another scale (a rotated phone, a resized window, the side column folding away).
  const resized = new ResizeObserver(later);
  resized.observe(svg);
  // The drawing itself changes (a tile added to a hand that stays one control).
  const redrawn = new MutationObserver(later);
  redrawn.observe(drawing, { subtree: true, childList: true, attributes: true, attributeFilter: GEOMETRY });
  return () => {
    cancelAnimationFrame(frame);
    resized.disconnect();
    redrawn.disconnect();
  };
};
