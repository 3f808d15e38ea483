import type { Prompt } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import type { Option } from "../types.ts";
import { orderHint } from "./order.ts";

const keep = (options: Option[]): Prompt<Option> => ({ seat: 0, kind: "keep", options });
const t = (breed: string, value: number) => ({ breed, value });

describe("El Gaucho options whose laying order matters say so", () => {
  it("kept tiles of one breed: rising or falling from the first one laid; other breeds need no word", () => {
    const rising: Option = { type: "keep", tiles: [t("brown", 2), t("brown", 5)] };
    const falling: Option = { type: "keep", tiles: [t("brown", 5), t("brown", 2)] };
    const mixed: Option = { type: "keep", tiles: [t("brown", 2), t("gold", 3)] };
    const prompt = keep([rising, falling, mixed]);
    expect(orderHint(prompt, rising)).toBe("brown herd rising from 2");
    expect(orderHint(prompt, falling)).toBe("brown herd falling from 5");
    expect(orderHint(prompt, mixed)).toBeNull();
    const three: Option = { type: "keep", tiles: [t("gold", 4), t("gold", 3), t("white", 1)] };
    expect(orderHint(keep([three]), three)).toBe("gold herd falling from 4");
  });

  it("an arriving tile names the tiles of its breed that come after it; a lone one needs no word", () => {
    const options: Option[] = [
      { type: "homeLay", breed: "white", value: 9 },
      { type: "homeLay", breed: "white", value: 4 },
      { type: "homeLay", breed: "white", value: 7 },
      { type: "sortIn", breed: "white", value: 7, position: 0 },
    ];
    const prompt: Prompt<Option> = { seat: 0, kind: "home", options };
    expect(orderHint(prompt, options[0]!)).toBe("9 first, then 4 and 7");
    expect(orderHint(prompt, options[1]!)).toBe("4 first, then 7 and 9");
    expect(orderHint(prompt, options[3]!)).toBeNull();
    const alone: Prompt<Option> = { seat: 0, kind: "home", options: [options[0]!, options[3]!] };
    expect(orderHint(alone, options[0]!)).toBeNull();
  });
});
