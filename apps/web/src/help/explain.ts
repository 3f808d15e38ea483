/**
 * Every component on a board explains itself: what it is, what it does, what it costs. `explain`
 * is one Svelte action put on a board's outer element; it finds the explanation of whatever is
 * under the mouse, under a finger or focused, and shows it in a small popover:
 *   - mouse: after a short hover;  keyboard: on focus (the focused element gets aria-describedby);
 *   - touch: a long press (~450 ms) shows it WITHOUT the click that would play a move; a plain tap
 *     on something that is not an option shows it too (a tap on an option still plays it).
 * Escape, a tap elsewhere or leaving the element hides it.
 *
 * The texts are the ones the boards already write for their tooltips (SVG <title> children,
 * `title` attributes, or a board's own `describe`), so a text lives in one place and is
 * translated there. Innermost first: a tile says what it is, then the pasture it lies on.
 */
import type { ActionReturn } from "svelte/action";

export interface ExplainOptions {
  /** A board's own explanation of an element (Fistful's data-tip texts), tried before the generic sources. */
  describe?: (element: Element) => string | null | undefined;
}

export const LONG_PRESS_MS = 450;
const HOVER_MS = 350;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;
/** At most this many texts, innermost first (a piece, the place it is on, the area around it). */
const MAX_LINES = 3;
/** `.option` is a board control's outer group: a piece drawn in it is part of the control. */
const INTERACTIVE = "[role=button], button, a[href], input, select, textarea, [data-option], [data-place], .option";

let popoverCount = 0;
/**
 * The text nodes of SVG <title> elements taken out while our popover shows for the mouse, so the
 * browser's own tooltip does not repeat it. They are the very nodes Svelte keeps updating, so
 * putting them back restores the current text.
 */
const mutedText = new WeakMap<Element, ChildNode[]>();

/** The explanation texts from `target` up to `root`, innermost first, and the element they start at. */
export function explanationAt(root: Element, target: Element | null, describe?: ExplainOptions["describe"]): { anchor: Element; lines: string[] } | null {
  const lines: string[] = [];
  let anchor: Element | null = null;
  for (let element = target; element && lines.length < MAX_LINES; element = element.parentElement) {
    const text = ownText(element, describe);
    if (text && !lines.includes(text)) {
      lines.push(text);
      anchor ??= element;
    }
    if (element === root) break;
  }
  return anchor ? { anchor, lines } : null;
}

function ownText(element: Element, describe?: ExplainOptions["describe"]): string {
  const custom = describe?.(element);
  if (custom) return custom.trim();
  for (const child of element.children) {
    if (child.tagName.toLowerCase() === "title") return (child.textContent || mutedText.get(child)?.map((node) => node.textContent).join("") || "").trim();
  }
  return (element.getAttribute("data-explain") ?? element.getAttribute("title") ?? element.getAttribute("data-explain-title") ?? "").trim();
}

/**
 * A board control is a transparent `.tap-area` rectangle over its drawing (components/Spot.svelte):
 * what a pointer at (x, y) is on is the piece of that drawing beneath it, else the control.
 */
function pointedAt(target: Element, x: number, y: number): Element {
  if (!target.classList.contains("tap-area")) return target;
  const control = target.parentElement;
  return document.elementsFromPoint(x, y).find((element) => element !== target && control?.contains(element)) ?? target;
}

/** What a focused control acts on: for a board control, the drawing beneath its `.tap-area` rectangle. */
const actedOn = (focused: Element): Element => (focused.classList.contains("tap-area") ? (focused.previousElementSibling ?? focused) : focused);

/** The first explanation inside `element` (not its own), for a focused option. */
function innerText(element: Element, describe?: ExplainOptions["describe"]): string {
  for (const child of element.querySelectorAll("*")) {
    if (child.tagName.toLowerCase() === "title") continue;
    const text = ownText(child, describe);
    if (text) return text;
  }
  return "";
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true; // a browser without :focus-visible: explain on every focus
  }
}

export function explain(root: HTMLElement, initial: ExplainOptions = {}): ActionReturn<ExplainOptions> {
  let options = initial;
  const id = `explain-${++popoverCount}`;
  const popover = document.createElement("div");
  popover.id = id;
  popover.setAttribute("role", "tooltip");
  popover.className = "explain-popover";
  popover.hidden = true;
  Object.assign(popover.style, {
    position: "fixed",
    zIndex: "1000",
    maxWidth: "min(22rem, calc(100vw - 16px))",
    padding: "0.5rem 0.7rem",
    borderRadius: "6px",
    background: "#2a1a0e",
    color: "#fff8e8",
    font: "14px/1.4 system-ui, sans-serif",
    boxShadow: "0 4px 14px rgba(0,0,0,.35)",
    whiteSpace: "pre-line",
  } satisfies Partial<CSSStyleDeclaration>);
  document.body.append(popover);
  // A long press must not select text or open the phone's callout menu.
  root.style.setProperty("-webkit-touch-callout", "none");
  root.style.setProperty("-webkit-user-select", "none");
  root.style.setProperty("user-select", "none");

  let shownFor: Element | null = null;
  let describedElement: Element | null = null;
  let describedBefore: string | null = null;
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;
  let pressTimer: ReturnType<typeof setTimeout> | undefined;
  let press: { x: number; y: number; target: Element; long: boolean } | null = null;
  /** Set by a long press: the click the browser may still send for it is swallowed. */
  let swallowClickUntil = 0;
  /** Native tooltips (HTML `title` attributes, SVG <title> texts) moved aside while the mouse shows ours. */
  const mutedTitles = new Map<Element, string>();
  const mutedSvgTitles = new Set<Element>();

  /** `touch`: shown by a finger, so a tap on the popover closes it; otherwise it never takes a click. */
  function show(target: Element, focused?: Element, touch = false): boolean {
    const found = explanationAt(root, target, options.describe);
    if (!found) {
      hide();
      return false;
    }
    // Focus lands on an option's outer element; what it acts on (a building, a tile) is inside it.
    const inner = focused ? innerText(actedOn(focused), options.describe) : "";
    popover.textContent = (inner && !found.lines.includes(inner) ? [inner, ...found.lines].slice(0, MAX_LINES) : found.lines).join("\n");
    popover.hidden = false;
    // Under a mouse the popover must never catch the click meant for the board beneath it.
    popover.style.pointerEvents = touch ? "auto" : "none";
    shownFor = found.anchor;
    if (focused) describe(focused);
    place(found.anchor);
    return true;
  }

  function hide() {
    clearTimeout(hoverTimer);
    popover.hidden = true;
    shownFor = null;
    undescribe();
    restoreTitles();
  }

  function place(anchor: Element) {
    const box = anchor.getBoundingClientRect();
    const margin = 8;
    const width = popover.offsetWidth;
    const height = popover.offsetHeight;
    const left = Math.min(Math.max(margin, box.left + box.width / 2 - width / 2), window.innerWidth - width - margin);
    const above = box.top - height - margin;
    const top = above >= margin ? above : Math.min(box.bottom + margin, window.innerHeight - height - margin);
    popover.style.left = `${Math.max(margin, left)}px`;
    popover.style.top = `${Math.max(margin, top)}px`;
  }

  function describe(element: Element) {
    undescribe();
    describedElement = element;
    describedBefore = element.getAttribute("aria-describedby");
    element.setAttribute("aria-describedby", describedBefore ? `${describedBefore} ${id}` : id);
  }

  function undescribe() {
    if (!describedElement) return;
    if (describedBefore) describedElement.setAttribute("aria-describedby", describedBefore);
    else describedElement.removeAttribute("aria-describedby");
    describedElement = null;
    describedBefore = null;
  }

  function muteTitles(target: Element) {
    restoreTitles();
    for (let element: Element | null = target; element; element = element.parentElement) {
      const title = element.getAttribute("title");
      if (title !== null) {
        mutedTitles.set(element, title);
        element.setAttribute("data-explain-title", title);
        element.removeAttribute("title");
      }
      for (const child of element.children) {
        if (child.tagName.toLowerCase() !== "title" || child.childNodes.length === 0) continue;
        const nodes = [...child.childNodes];
        for (const node of nodes) node.remove();
        mutedText.set(child, nodes);
        mutedSvgTitles.add(child);
      }
      if (element === root) break;
    }
  }

  function restoreTitles() {
    for (const [element, title] of mutedTitles) {
      // The board may have written a newer title meanwhile; that one wins.
      if (element.getAttribute("title") === null) element.setAttribute("title", element.getAttribute("data-explain-title") ?? title);
      element.removeAttribute("data-explain-title");
    }
    mutedTitles.clear();
    for (const title of mutedSvgTitles) {
      // Svelte never replaces a <title>'s text node, only its value; if it did, the new one wins.
      if (title.childNodes.length === 0) title.append(...(mutedText.get(title) ?? []));
      mutedText.delete(title);
    }
    mutedSvgTitles.clear();
  }

  const targetOf = (event: Event): Element | null => (event.target instanceof Element ? event.target : null);

  function onPointerOver(event: PointerEvent) {
    if (event.pointerType !== "mouse") return;
    const under = targetOf(event);
    if (!under) return;
    const target = pointedAt(under, event.clientX, event.clientY);
    clearTimeout(hoverTimer);
    const found = explanationAt(root, target, options.describe);
    if (!found) return hide();
    // The browser's own tooltip is the one of the element under the pointer.
    muteTitles(under);
    if (found.anchor === shownFor) return;
    hoverTimer = setTimeout(() => show(target), HOVER_MS);
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType === "mouse") hide();
  }

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType === "mouse") {
      hide();
      return;
    }
    const under = targetOf(event);
    if (!under) return;
    clearTimeout(pressTimer);
    press = { x: event.clientX, y: event.clientY, target: pointedAt(under, event.clientX, event.clientY), long: false };
    pressTimer = setTimeout(() => {
      if (!press) return;
      press.long = true;
      swallowClickUntil = Date.now() + 1500;
      show(press.target, undefined, true);
    }, LONG_PRESS_MS);
  }

  function onPointerMove(event: PointerEvent) {
    // Over a control's hit area the pointer crosses the pieces beneath without entering them.
    if (event.pointerType === "mouse" && targetOf(event)?.classList.contains("tap-area")) return onPointerOver(event);
    if (!press || press.long) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE_PX) cancelPress();
  }

  function onPointerUp(event: PointerEvent) {
    if (!press) return;
    const { target, long } = press;
    cancelPress();
    if (long || event.pointerType === "mouse") return;
    // A short tap: on an option it plays (the click goes through); elsewhere it explains.
    const interactive = target.closest(INTERACTIVE);
    if (interactive && root.contains(interactive)) hide();
    else if (!show(target, undefined, true)) hide();
  }

  function cancelPress() {
    clearTimeout(pressTimer);
    press = null;
  }

  /** Runs on the window before any other click handler: a long press never plays a move. */
  function onClickCapture(event: MouseEvent) {
    if (Date.now() > swallowClickUntil) return;
    const target = targetOf(event);
    if (!target || !root.contains(target)) return;
    swallowClickUntil = 0;
    event.preventDefault();
    event.stopPropagation();
    event.stopImmediatePropagation();
  }

  function onContextMenu(event: Event) {
    // The long press is ours: no context menu over the board.
    if (press?.long || Date.now() <= swallowClickUntil) event.preventDefault();
  }

  function onFocusIn(event: FocusEvent) {
    const target = targetOf(event);
    // Keyboard focus only: a tap focuses an option too, and that tap plays it instead.
    if (target && focusVisible(target)) show(target, target);
  }

  function onFocusOut() {
    hide();
  }

  function onKeyDown(event: KeyboardEvent) {
    // Not stopped: the same Escape may also close a board's choice bar.
    if (event.key === "Escape" && !popover.hidden) hide();
  }

  /** A tap or click anywhere outside the explained element closes the popover. */
  function onDocumentPointerDown(event: PointerEvent) {
    if (popover.hidden) return;
    const target = targetOf(event);
    if (target && (popover.contains(target) || !root.contains(target))) hide();
  }

  function onScroll() {
    if (shownFor) place(shownFor);
  }

  // One signal takes every listener away again on destroy.
  const listening = new AbortController();
  const own = { signal: listening.signal };
  const early = { signal: listening.signal, capture: true };
  root.addEventListener("pointerover", onPointerOver, own);
  root.addEventListener("pointerleave", onPointerLeave, own);
  root.addEventListener("pointerdown", onPointerDown, own);
  root.addEventListener("pointermove", onPointerMove, own);
  root.addEventListener("pointerup", onPointerUp, own);
  root.addEventListener("pointercancel", cancelPress, own);
  root.addEventListener("contextmenu", onContextMenu, own);
  root.addEventListener("focusin", onFocusIn, own);
  root.addEventListener("focusout", onFocusOut, own);
  window.addEventListener("click", onClickCapture, early);
  window.addEventListener("keydown", onKeyDown, early);
  document.addEventListener("pointerdown", onDocumentPointerDown, early);
  window.addEventListener("scroll", onScroll, early);

  return {
    update(next: ExplainOptions = {}) {
      options = next;
    },
    destroy() {
      hide();
      clearTimeout(pressTimer);
      popover.remove();
      listening.abort();
    },
  };
}
