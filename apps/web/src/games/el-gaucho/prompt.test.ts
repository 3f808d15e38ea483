import { elGaucho } from "@saloon/el-gaucho";
import { createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { describePrompt, onBoard, optionLabel, optionsByPlace, placesOf } from "./prompt.ts";

const names = ["Alice", "Bob", "Carla", "Dusty"];

describe("El Gaucho prompts in the browser", () => {
  it.each([2, 3, 4])("puts every option of a %i-player game on the board (or a button) with a readable label", (seats) => {
    const random = createRandom(`prompts-${seats}`);
    let state = elGaucho.setup(`prompts-${seats}`, seats);
    const kinds = new Set<string>();
    const types = new Set<string>();
    for (let step = 0; step < 5000 && !elGaucho.isOver(state); step++) {
      const prompts = elGaucho.prompts(state);
      for (const prompt of prompts) {
        const view = elGaucho.view(state, prompt.seat);
        kinds.add(prompt.kind);
        expect(describePrompt(prompt, view, names)).not.toMatch(/undefined|NaN|Decide:/);
        const places = optionsByPlace(prompt);
        for (const option of prompt.options) {
          types.add(option.type);
          expect(onBoard(prompt, option) || option.type === "endTurn", option.type).toBe(true);
          for (const key of placesOf(option, prompt.seat)) expect(places.get(key)).toContain(option);
          expect(optionLabel(prompt, option, view, names)).not.toMatch(/undefined|NaN|\?/);
        }
      }
      const prompt = prompts[0]!;
      const option = elGaucho.bot(elGaucho.view(state, prompt.seat), prompt, random);
      const result = elGaucho.apply(state, prompt.seat, option);
      if (!result.ok) throw new Error(`the bot's ${JSON.stringify(option)} was refused`);
      state = result.state;
    }
    expect(elGaucho.isOver(state)).toBe(true);
    expect([...kinds]).toEqual(expect.arrayContaining(["keep", "prePlace", "turn"]));
    expect([...types]).toEqual(expect.arrayContaining(["pick", "stand", "lay", "occupy", "endTurn"]));
  });
});
