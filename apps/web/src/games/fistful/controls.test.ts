import { MEEPLE_TYPES, RING } from "@saloon/fistful";
import { describe, expect, it } from "vitest";
import de from "./messages/de.json" with { type: "json" };
import en from "./messages/en.json" with { type: "json" };
import { arrowBoxes, controlBoxes } from "./controls.ts";
import { type Rect, computeLayout } from "./layout.ts";

const overlap = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const words = [en.fistful_board_showdown, de.fistful_board_showdown];

describe.each(["wide", "tall"] as const)("%s board's controls", (orientation) => {
  const layout = computeLayout(orientation);

  // Generous: every pair, although the rules never offer, say, a building and a hand's meeple at once.
  it.each(words)("never overlap, whatever two are offered together (showdown word %s)", (word) => {
    for (let kinds = 1; kinds <= MEEPLE_TYPES.length; kinds++) {
      const boxes = [...controlBoxes(layout, word, kinds)];
      expect(boxes.length).toBe(28 + kinds);
      const clashes = boxes.flatMap(([a, boxA], i) => boxes.slice(i + 1).filter(([, boxB]) => overlap(boxA, boxB)).map(([b]) => `${a} × ${b}`));
      expect(clashes).toEqual([]);
    }
  });

  it("keep the two direction arrows apart from every start", () => {
    for (const from of RING) {
      const { cw, ccw } = arrowBoxes(layout, from);
      expect(overlap(cw, ccw), from).toBe(false);
    }
  });

  it("stay on the board", () => {
    for (const [name, box] of controlBoxes(layout, words[0]!, MEEPLE_TYPES.length)) {
      // A glow may reach a few units past the board's edge (it is clipped there, not overlapped).
      expect(box.x, name).toBeGreaterThanOrEqual(-6);
      expect(box.y, name).toBeGreaterThanOrEqual(-6);
      expect(box.x + box.w, name).toBeLessThanOrEqual(layout.width + 6);
      expect(box.y + box.h, name).toBeLessThanOrEqual(layout.height + 6);
    }
  });
});
