import { replay, playOut } from "@saloon/engine";
import { BUILDINGS, type FistfulView, fistful } from "@saloon/fistful";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { locationLabel, signTitle, spaceLabel, tipText } from "./board-text.ts";

const names = ["Alice", "Bob", "Carla"];

/** The views Alice sees along a whole 3-player game between the package's bots. */
function viewsOfAGame(): FistfulView[] {
  const { log } = playOut(fistful, { seed: "board-text", seats: 3 });
  const views: FistfulView[] = [];
  for (let length = 0; length <= log.length; length += 7) views.push(fistful.view(replay(fistful, "board-text", 3, undefined, log.slice(0, length)), 0));
  return views;
}

/** Every data-tip key the board puts on its places. */
function tipKeys(view: FistfulView): string[] {
  return [
    ...BUILDINGS.map((id) => `b:${id}`),
    ...Object.keys(view.spaces).map((id) => `s:${id}`),
    "p:saloon",
    "p:jail",
    ...["explosion", "bag", "hand", "graveyard", "bank"],
  ];
}

afterEach(() => setLanguage("en"));

describe("the Fistful board's texts", () => {
  const views = viewsOfAGame();

  it("has a written sentence for every place at every moment of a game, in English and in German", () => {
    for (const view of views) {
      for (const key of tipKeys(view)) {
        setLanguage("en");
        const english = tipText(view, names, key);
        setLanguage("de");
        const german = tipText(view, names, key);
        for (const text of [english, german]) {
          expect(text, key).toMatch(/\S{3}/);
          expect(text, key).not.toMatch(/undefined|NaN|\[object|fistful_/);
        }
        expect(german, key).not.toBe(english);
      }
    }
    expect(tipText(views[0]!, names, "nothing:here")).toBe("");
  });

  it("says whose sign a building holds, and whether a builder can still upgrade it, in the reader's language", () => {
    const signed = views.at(-1)!;
    const [building, sign] = Object.entries(signed.signs).find(([, s]) => s)!;
    const owner = names[sign!.owner]!;
    expect(tipText(signed, names, `b:${building}`)).toContain(owner);
    setLanguage("en");
    expect(signTitle(names, { owner: 1, points: 5 })).toBe("Bob's sign: 5 points (a builder here lets them upgrade it)");
    expect(signTitle(names, { owner: 2, points: 10 })).toBe("Carla's sign: 10 points");
    setLanguage("de");
    expect(signTitle(names, { owner: 2, points: 10 })).toMatch(/^Carlas Schild: 10 Punkte$/);
  });

  it("labels a control by what choosing it does", () => {
    setLanguage("en");
    const view = views[1]!;
    const [location] = Object.entries(view.locations).find(([, c]) => Object.values(c).some((n) => n > 0))!;
    const take = locationLabel(view, location, { type: "take", location });
    expect(take.startsWith("Take")).toBe(true);
    expect(take).not.toBe(locationLabel(view, location, null));
    const freeSpace = Object.keys(view.spaces).find((id) => !view.spaces[id as keyof typeof view.spaces] && id !== "SL" && id !== "SR")!;
    expect(spaceLabel(view, freeSpace as never, null)).toMatch(/free$/);
  });
});
