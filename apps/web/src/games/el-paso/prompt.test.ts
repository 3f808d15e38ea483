import { type ElPasoView, elPaso } from "@saloon/el-paso";
import { type Prompt, createRandom } from "@saloon/engine";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import type { Option } from "../types.ts";
import { describePrompt, describeWaiting, nodeName, onBoard, optionLabel, optionsByPlace, placesOf, targetOf } from "./prompt.ts";

const names = ["Annie", "Bill", "Calamity", "Doc"];
/** Options that are buttons by design: they have no place on the board, or (bonus, exchange) belong in the status bar too. */
const BUTTONS = new Set(["done", "noDelivery", "auxExchange", "bonus", "exchange"]);

afterEach(() => setLanguage("en"));

describe("El Paso prompts in the browser", () => {
  it.each([2, 4])("places every option of a %i-player game on the board or a button, with a readable label", (seats) => {
    const kinds = new Set<string>();
    const types = new Set<string>();
    const KINDS = ["pickObjective", "move", "actions", "deliver"];
    const TYPES = ["move", "act", "deliver", "build", "buy", "hire"];
    const covered = () => KINDS.every((kind) => kinds.has(kind)) && TYPES.every((type) => types.has(type));
    // Whole games with the bot until every kind and type below has been asked (which ones a game
    // asks depends on the bot's choices: a game may go without buying cattle), at most five.
    for (let game = 0; game < 5 && !covered(); game++) {
      const seed = game === 0 ? `prompts-${seats}` : `prompts-${seats}-${game}`;
      const random = createRandom(seed);
      let state = elPaso.setup(seed, seats, elPaso.parseOptions({ bSides: [2, 4, 6], randomNeutrals: true }));
      for (let step = 0; step < 3000 && !elPaso.isOver(state); step++) {
        const [prompt] = elPaso.prompts(state) as Prompt<Option>[];
        const view = elPaso.view(state, prompt!.seat) as ElPasoView;
        kinds.add(prompt!.kind);
        expect(describePrompt(prompt!, view, names)).not.toMatch(/undefined|NaN|Your decision/);
        expect(describeWaiting(prompt!.kind, view)).not.toBe("thinking");
        const places = optionsByPlace(prompt!);
        for (const option of prompt!.options) {
          types.add(option.type);
          expect(onBoard(prompt!, option) || BUTTONS.has(option.type), option.type).toBe(true);
          for (const key of placesOf(option)) expect(places.get(key)).toContain(option);
          // Two-step choices name a real second place: a building space or the player's own disc.
          const target = targetOf(option);
          if (target?.startsWith("node:")) expect(nodeName(target.slice(5), view, names)).not.toMatch(/a space/);
          if (target?.startsWith("disc:")) expect(view.players[prompt!.seat]!.discs).toContain(target.slice(5));
          expect(optionLabel(prompt!, option, view, names)).not.toMatch(/undefined|NaN|\[object|null/);
        }
        const action = elPaso.bot(view, prompt as never, random);
        const result = elPaso.apply(state, prompt!.seat, action);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
      }
      expect(elPaso.isOver(state)).toBe(true);
    }
    expect([...kinds]).toEqual(expect.arrayContaining(KINDS));
    expect([...types]).toEqual(expect.arrayContaining(TYPES));
  }, 60_000);

  it("turns an option type it does not know into a plain button with the option's own words", () => {
    const prompt: Prompt<Option> = { seat: 0, kind: "actions", options: [{ type: "spendToken", when: "now" } as Option] };
    const view = elPaso.view(elPaso.setup("unknown", 2), 0) as ElPasoView;
    expect(onBoard(prompt, prompt.options[0]!)).toBe(false);
    expect(optionLabel(prompt, prompt.options[0]!, view, names)).toBe("spendToken now");
    expect(describePrompt({ seat: 0, kind: "somethingNew", options: [] }, view, names)).toBe("Your decision (somethingNew).");
  });

  it("asks and labels in German, without English words, over the first moves of a game", () => {
    const random = createRandom("prompts-de");
    let state = elPaso.setup("prompts-de", 3);
    const kinds = new Set<string>();
    for (let step = 0; step < 250 && !elPaso.isOver(state); step++) {
      const [prompt] = elPaso.prompts(state) as Prompt<Option>[];
      const view = elPaso.view(state, prompt!.seat) as ElPasoView;
      setLanguage("de");
      kinds.add(prompt!.kind);
      const english = /\b(the|your|and|with|for|Take|Move|Use|Hire|Buy|Build|step|card|worker)\b/;
      expect(describePrompt(prompt!, view, names)).not.toMatch(english);
      expect(describePrompt(prompt!, view, names)).not.toMatch(/undefined|NaN|Deine Entscheidung/);
      expect(describeWaiting(prompt!.kind, view)).not.toBe("nachdenken");
      for (const option of prompt!.options) {
        const label = optionLabel(prompt!, option, view, names);
        expect(label, JSON.stringify(option)).not.toMatch(english);
        expect(label).not.toMatch(/undefined|NaN|\[object|null/);
      }
      setLanguage("en");
      const result = elPaso.apply(state, prompt!.seat, elPaso.bot(view, prompt as never, random));
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    expect([...kinds]).toEqual(expect.arrayContaining(["pickObjective", "move", "actions"]));
    setLanguage("de");
    const view = elPaso.view(state, 0) as ElPasoView;
    expect(describePrompt({ seat: 0, kind: "pickObjective", options: [] }, view, names)).toBe(
      "Wähle ein Start-Zielplättchen aus der Auslage: Es bringt am Spielende Punkte, wenn du es erfüllst.",
    );
    expect(optionLabel({ seat: 0, kind: "actions", options: [] }, { type: "hire", worker: "ENG" } as Option, view, names)).toBe("Einen Ingenieur für $5 anstellen");
  }, 20_000);
});
