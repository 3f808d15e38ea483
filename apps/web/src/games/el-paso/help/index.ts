/** El Paso's "How to play" (solo against Sue included): rules in short, the player aid and our rulings (a chunk of its own). */
import type { GameHelp } from "../../../help/types.ts";
import { m } from "../../../paraglide/messages.js";
import Aid from "./Aid.svelte";
import { rulings } from "./rulings.ts";

export const elPasoHelp: GameHelp = {
  sections: () => [
    { title: m.help_section_summary(), paragraphs: [m.elpaso_help_summary_1(), m.elpaso_help_summary_2()] },
    {
      title: m.help_section_turn(),
      steps: [m.elpaso_help_turn_1(), m.elpaso_help_turn_2(), m.elpaso_help_turn_3()],
      paragraphs: [m.elpaso_help_turn_4(), m.elpaso_help_delivery()],
    },
    { title: m.help_section_end(), paragraphs: [m.elpaso_help_end()] },
    { title: m.help_section_scoring(), paragraphs: [m.elpaso_help_scoring()] },
    { title: m.elpaso_help_solo_title(), paragraphs: [m.elpaso_help_solo()] },
  ],
  Aid,
  rulings,
};
