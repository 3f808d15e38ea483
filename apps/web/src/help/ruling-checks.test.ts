import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expectEveryRulingExplained } from "./ruling-checks.ts";
import type { RulingLine } from "./types.ts";

const rulings = { first: { source: "ours" }, second: { source: "data" } } as const;
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A help messages folder with these en/de texts, and ruling lines read from them. */
function game(en: Record<string, string>, de: Record<string, string>) {
  const folder = mkdtempSync(join(tmpdir(), "saloon-rulings-"));
  folders.push(folder);
  writeFileSync(join(folder, "en.json"), JSON.stringify(en));
  writeFileSync(join(folder, "de.json"), JSON.stringify(de));
  const lines = (): RulingLine[] =>
    (Object.keys(rulings) as (keyof typeof rulings)[]).map((id) => ({ id, source: rulings[id].source, text: en[`x_${id}`] ?? "" }));
  return { rulings, folder, prefix: "x_", lines };
}

const long = (word: string) => `${word} is a ruling text long enough to read as a sentence.`;

describe("the rulings check itself", () => {
  it("fails when a ruling has no text, an empty one, or a text is left from a ruling that is gone", () => {
    const complete = { x_first: long("one"), x_second: long("two") };
    expect(() => expectEveryRulingExplained(game(complete, { x_first: "   ", x_second: long("zwei") }))).toThrow(/rulings without a text/);
    expect(() => expectEveryRulingExplained(game(complete, { x_second: long("zwei") }))).toThrow(/rulings without a text/);
    expect(() => expectEveryRulingExplained(game(complete, { ...complete, x_gone: long("alt") }))).toThrow(/not in rulings.ts/);
  });
});
