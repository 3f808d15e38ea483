import { describe, expect, it } from "vitest";
import { MIN_TARGET_PX, tapArea } from "./hit-area.ts";

const box = (left: number, top: number, width: number, height: number) => ({ left, top, right: left + width, bottom: top + height });

describe("a board control's tap area", () => {
  it("is the drawing itself when the drawing is large enough", () => {
    expect(tapArea(box(10, 10, 60, 50), [])).toEqual(box(10, 10, 60, 50));
  });

  it("grows a small drawing to the minimum each way, round its centre", () => {
    const area = tapArea(box(100, 100, 20, 16), []);
    expect(area.right - area.left).toBe(MIN_TARGET_PX);
    expect(area.bottom - area.top).toBe(MIN_TARGET_PX);
    expect((area.left + area.right) / 2).toBe(110);
    expect((area.top + area.bottom) / 2).toBe(108);
  });

  it("stops halfway to a neighbour beside, above or below it, so two neighbours never share a point", () => {
    // Two 20 px dice 30 px apart (10 px gap): each grows to 42 px tall but only 5 px towards the other.
    const left = box(0, 0, 20, 20);
    const right = box(30, 0, 20, 20);
    const a = tapArea(left, [right]);
    const b = tapArea(right, [left]);
    expect(a.right).toBe(25);
    expect(b.left).toBe(25);
    expect(a.left).toBe(-11);
    expect(a.bottom - a.top).toBe(MIN_TARGET_PX);
    const below = box(0, 24, 20, 20);
    expect(tapArea(left, [below]).bottom).toBe(22);
    expect(tapArea(below, [left]).top).toBe(22);
  });

  it("does not grow towards a drawing it touches or overlaps, and ignores drawings in other rows and columns", () => {
    // Rows of a building's actions overlap by a pixel: neither grows into the other.
    const row = box(0, 0, 100, 16);
    const next = box(0, 15, 100, 16);
    expect(tapArea(row, [next]).bottom).toBe(16);
    expect(tapArea(next, [row]).top).toBe(15);
    // A drawing far off to the side and below (not sharing rows or columns) does not hold it back.
    expect(tapArea(box(0, 0, 20, 20), [box(200, 200, 20, 20)])).toEqual(tapArea(box(0, 0, 20, 20), []));
  });
});
