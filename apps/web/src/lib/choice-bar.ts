/**
 * Keyboard behaviour of a board's choice bar (the choices a place with several options opens):
 * when it opens from a place, the focus moves to its first choice; Escape closes it (when it
 * can be closed) and gives the focus back to the place that opened it; so does its own Cancel
 * button (marked `data-cancel`). A Svelte action: `<div use:choiceBar={{ place, cancel }}>`.
 */
export interface ChoiceBarParams {
  /** The `data-place` key of the place whose choices are shown, or null (a question asked without one). */
  place: string | null;
  /** Closes the bar; absent when it cannot be closed (a question that must be answered here). */
  cancel?: () => void;
}

const placeElement = (place: string | null): HTMLElement | SVGElement | null =>
  place === null ? null : document.querySelector<HTMLElement | SVGElement>(`[data-place="${CSS.escape(place)}"]`);

const firstChoice = (bar: HTMLElement): HTMLElement | null => bar.querySelector<HTMLElement>("[data-option]:not([disabled]), button:not([disabled])");

export function choiceBar(bar: HTMLElement, initial: ChoiceBarParams) {
  let params = initial;
  /** Move the focus in only when it was on the place that opened the bar (a click or Enter on it). */
  const enter = () => {
    const active = document.activeElement;
    if (params.place !== null && active instanceof Element && active.getAttribute("data-place") === params.place) firstChoice(bar)?.focus();
  };
  const close = () => {
    if (!params.cancel) return;
    const place = params.place;
    params.cancel();
    // The bar goes away; the place stays (it still has its options) and takes the focus back.
    placeElement(place)?.focus();
  };
  /** Its own Cancel button (`data-cancel`) closes it the same way. */
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("[data-cancel]")) placeElement(params.place)?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !params.cancel) return;
    event.preventDefault();
    close();
  };
  enter();
  document.addEventListener("keydown", onKey);
  bar.addEventListener("click", onClick);
  return {
    update(next: ChoiceBarParams) {
      const reopened = next.place !== params.place;
      params = next;
      if (reopened) enter();
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      bar.removeEventListener("click", onClick);
    },
  };
}
