/** A Fistful of Meeples' "How to play": rules in short, the player aid and our rulings (a chunk of its own). */
import type { GameHelp } from "../../../help/types.ts";
import { m } from "../../../paraglide/messages.js";
import Aid from "./Aid.svelte";
import { rulings } from "./rulings.ts";

export const fistfulHelp: GameHelp = {
  sections: () => [
    { title: m.help_section_summary(), paragraphs: [m.fistful_help_summary_1(), m.fistful_help_summary_2()] },
    {
      title: m.help_section_turn(),
      steps: [m.fistful_help_turn_1(), m.fistful_help_turn_2(), m.fistful_help_turn_3(), m.fistful_help_turn_4()],
      paragraphs: [m.fistful_help_showdown(), m.fistful_help_dynamite()],
    },
    { title: m.help_section_end(), paragraphs: [m.fistful_help_end()] },
    { title: m.help_section_scoring(), paragraphs: [m.fistful_help_scoring()] },
  ],
  Aid,
  rulings,
};
