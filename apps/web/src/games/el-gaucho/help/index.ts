/** El Gaucho's "How to play": rules in short, the player aid and our rulings (a chunk of its own). */
import type { GameHelp } from "../../../help/types.ts";
import { m } from "../../../paraglide/messages.js";
import Aid from "./Aid.svelte";
import { rulings } from "./rulings.ts";

export const elGauchoHelp: GameHelp = {
  sections: () => [
    { title: m.help_section_summary(), paragraphs: [m.gaucho_help_summary_1(), m.gaucho_help_summary_2()] },
    {
      title: m.help_section_turn(),
      paragraphs: [m.gaucho_help_preround()],
      steps: [m.gaucho_help_turn_1(), m.gaucho_help_turn_2(), m.gaucho_help_turn_3(), m.gaucho_help_turn_4()],
    },
    { title: m.help_section_end(), paragraphs: [m.gaucho_help_end()] },
    { title: m.help_section_scoring(), paragraphs: [m.gaucho_help_scoring()] },
  ],
  Aid,
  rulings,
};
