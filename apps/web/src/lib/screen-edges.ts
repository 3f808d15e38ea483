/**
 * Bars that stay at an edge of the screen while the page scrolls (the table's sticky turn banner,
 * the replay's step controls, El Paso's dock and its choice strip on a phone) cover whatever
 * scrolls beneath them. The page's scroll padding keeps that room free, so a control scrolled to
 * (by the keyboard's focus, a find in the page, a script, an automated click) comes to rest in
 * the open instead of under a bar, where a tap would land on the bar.
 *
 * `{@attach coversEdge("top")}` on such a bar. A bar counts only while it is sticky or fixed
 * (one made static on a small screen covers nothing), by how far it reaches in from its edge:
 * its height plus its offset from that edge. Where several bars share an edge the furthest
 * reach counts; the padding follows every bar's size and goes when the last one does.
 */
import type { Attachment } from "svelte/attachments";

type Edge = "top" | "bottom";

const bars: Record<Edge, Set<HTMLElement>> = { top: new Set(), bottom: new Set() };
/** A little air between a bar and what comes to rest by it. */
const AIR = 6;

/** How far `bar` reaches in from `edge` of the screen: 0 when it scrolls with the page. */
export function reach(bar: HTMLElement, edge: Edge): number {
  const style = getComputedStyle(bar);
  if (style.position !== "sticky" && style.position !== "fixed") return 0;
  if (style.display === "none") return 0;
  const offset = Number.parseFloat(style[edge]) || 0;
  return bar.offsetHeight + offset;
}

function apply(edge: Edge): void {
  const furthest = Math.max(0, ...[...bars[edge]].map((bar) => reach(bar, edge)));
  document.documentElement.style.setProperty(`scroll-padding-${edge}`, furthest > 0 ? `${Math.ceil(furthest) + AIR}px` : "");
}

export function coversEdge(edge: Edge): Attachment<HTMLElement> {
  return (bar) => {
    bars[edge].add(bar);
    // A bar's height follows its text; a bar above another (El Paso's strip over its dock) moves with the one below,
    // so every change re-measures all of them. The window's size decides which bars are sticky at all.
    const remeasure = () => apply(edge);
    const resized = new ResizeObserver(remeasure);
    resized.observe(bar);
    resized.observe(document.documentElement);
    remeasure();
    return () => {
      resized.disconnect();
      bars[edge].delete(bar);
      apply(edge);
    };
  };
}
