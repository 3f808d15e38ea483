import { elGaucho } from "@saloon/el-gaucho";
import { createRandom } from "@saloon/engine";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { describePrompt, onBoard, optionLabel, optionsByPlace, placesOf } from "./prompt.ts";

const names = ["Alice", "Bob", "Carla", "Dusty"];

afterEach(() => setLanguage("en"));

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
        // Every 25th step also in German: a written question and labels without English words.
        if (step % 25 === 0) {
          setLanguage("de");
          expect(describePrompt(prompt, view, names)).not.toMatch(/undefined|NaN|Entscheide:|\b(the|your|with|and)\b/);
          for (const option of prompt.options) expect(optionLabel(prompt, option, view, names)).not.toMatch(/undefined|NaN|\?|\b(the|with|Take|on)\b/);
          setLanguage("en");
        }
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

  it("asks in German with the edition's words", () => {
    let state = elGaucho.setup("prompts-de", 3);
    const [keep] = elGaucho.prompts(state);
    setLanguage("de");
    expect(describePrompt(keep!, elGaucho.view(state, keep!.seat), names)).toMatch(/^Vorrunde: Wähle die Kärtchen, die du von deiner Hand behältst/);
    expect(optionLabel(keep!, keep!.options[0]!, elGaucho.view(state, keep!.seat), names)).toMatch(/^(Braun|Gold|Weiß|Gefleckt|Schwarz) \d+.* behalten$/);
    setLanguage("en");
    const random = createRandom("prompts-de");
    for (let step = 0; step < 400 && !elGaucho.isOver(state); step++) {
      const prompt = elGaucho.prompts(state)[0]!;
      if (prompt.kind === "turn" && prompt.options.some((o) => o.type === "occupy")) {
        const view = elGaucho.view(state, prompt.seat);
        const occupy = prompt.options.find((o) => o.type === "occupy")!;
        setLanguage("de");
        expect(optionLabel(prompt, occupy, view, names)).toMatch(/^(Stall|Rodeoheld|Estancia|Viehdieb|Aufseher|Steppe) mit (einer \d|dem Wunschwürfel)( und (einer \d|dem Wunschwürfel))* besetzen$/);
        expect(optionLabel(prompt, { type: "endTurn" }, view, names)).toBe("Zug beenden");
        setLanguage("en");
        return;
      }
      const result = elGaucho.apply(state, prompt.seat, elGaucho.bot(elGaucho.view(state, prompt.seat), prompt, random));
      if (!result.ok) throw new Error("the bot's move was refused");
      state = result.state;
    }
    throw new Error("no turn offered an action area");
  });
});
