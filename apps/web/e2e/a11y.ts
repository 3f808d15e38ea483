/**
 * Accessibility helpers for the browser tests: axe-core's checks run inside the page (its script
 * comes from the installed package, injected by playwright-core; nothing is downloaded), and
 * keyboard-only play (Tab to an option, Enter or Space to choose it).
 */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** The impacts that fail a page: axe-core's "serious" and "critical". */
const FAILING = new Set(["serious", "critical"]);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Runs axe-core's WCAG 2.x A/AA checks (and its best practices) on the page as it is now; returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "unknown",
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${n.html.slice(0, 160)}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, " ").slice(0, 200)}` : ""}`),
    }));
  });
  return violations.filter((v) => FAILING.has(v.impact));
}

/** Fails with every serious or critical violation listed (rule, what it asks, where) when there are any. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const found = await axeViolations(page);
  if (found.length === 0) return;
  const lines = found.flatMap((v) => [`[${v.impact}] ${v.id}: ${v.help}`, ...v.nodes.slice(0, 8).map((n) => `    ${n}`), ...(v.nodes.length > 8 ? [`    … ${v.nodes.length - 8} more`] : [])]);
  throw new Error(`axe-core found ${found.length} serious or critical accessibility problem(s) on ${where}:\n${lines.join("\n")}`);
}

/** A short description of the element that has the keyboard focus now, or null. */
export function focused(page: Page): Promise<{ option: string | null; place: string | null; tag: string; label: string; ring: boolean } | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    // A focus ring: the outline, or on a board control (components/Spot.svelte: a `.tap-area` over
    // its drawing) the drawing's halo in the focus colour (app.css --focus).
    const focusColour = getComputedStyle(document.documentElement).getPropertyValue("--focus").trim();
    const probe = document.createElement("i");
    probe.style.color = focusColour;
    document.body.append(probe);
    const focusRgb = getComputedStyle(probe).color;
    probe.remove();
    const halo = (el.closest(".option") ?? el).querySelector(".halo");
    const ring =
      (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) ||
      (!!halo && getComputedStyle(halo).stroke === focusRgb && parseFloat(getComputedStyle(halo).strokeWidth) >= 2);
    return {
      option: el.getAttribute("data-option"),
      place: el.getAttribute("data-place"),
      tag: el.tagName.toLowerCase(),
      label: el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 80) ?? "",
      ring,
    };
  });
}
