import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errSerializer, errWithSources, stackWithSources } from "./stack-sources.ts";

let dir: string;
/** The errors' stacks as plain Node gives them (vitest maps its own imports' stacks, so not here). */
let stacks: { fail: string; wrapped: string; cause: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "saloon-stack-sources-"));
  // Line 5 throws, line 9 wraps it: what a bundled chunk's frames should map back to.
  writeFileSync(
    join(dir, "thrower.ts"),
    [
      "// a TypeScript source, bundled and minified as the server is",
      "type Reason = string;",
      "export function fail(): never {",
      "  const reason: Reason = 'broken';",
      "  throw new Error(reason);",
      "}",
      "export function failWithCause(): never {",
      "  try { fail(); } catch (cause) {",
      "    throw new Error('wrapped', { cause });",
      "  }",
      "}",
    ].join("\n"),
  );
  await build({ entryPoints: [join(dir, "thrower.ts")], outfile: join(dir, "out", "thrower.js"), bundle: true, format: "esm", platform: "node", sourcemap: true, sourcesContent: false, minifyWhitespace: true, minifySyntax: true, logLevel: "warning" });
  const script = `import { fail, failWithCause } from ${JSON.stringify(pathToFileURL(join(dir, "out", "thrower.js")).href)};
const caught = (run) => { try { run(); } catch (error) { return error; } };
const one = caught(fail), two = caught(failWithCause);
console.log(JSON.stringify({ fail: one.stack, wrapped: two.stack, cause: two.cause.stack }));`;
  stacks = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("stack traces mapped when logged", () => {
  it("names the TypeScript file, line and column of a bundled frame", () => {
    expect(stacks.fail).toContain(join(dir, "out", "thrower.js"));
    const mapped = stackWithSources(stacks.fail, dir);
    expect(mapped).toContain(`${join(dir, "thrower.ts")}:5:`);
    expect(mapped).not.toContain("thrower.js");
    // The message and the frames of files without a map (the script's own) are left as they were.
    expect(mapped.split("\n")[0]).toBe("Error: broken");
    expect(mapped).toContain("[eval1]");
  });

  it("maps the cause's frames too, through pino's error serializer", () => {
    const cause = Object.assign(new Error("broken"), { stack: stacks.cause });
    const wrapped = Object.assign(new Error("wrapped", { cause }), { stack: stacks.wrapped });
    const serialized = errSerializer(dir)(wrapped) as { type: string; message: string; stack: string };
    expect(serialized.type).toBe("Error");
    expect(serialized.message).toContain("wrapped");
    expect(serialized.stack).toContain(`${join(dir, "thrower.ts")}:9:`);
    expect(serialized.stack).toContain(`${join(dir, "thrower.ts")}:5:`);
    expect(serialized.stack).not.toContain("thrower.js");
  });

  it("leaves a frame alone when its map is missing or broken, and anything that is not a frame", () => {
    writeFileSync(join(dir, "no-map.js"), "");
    writeFileSync(join(dir, "bad.js"), "");
    writeFileSync(join(dir, "bad.js.map"), "{ not json");
    const stack = [
      "Error: x",
      `    at f (${join(dir, "no-map.js")}:1:10)`,
      `    at ${pathToFileURL(join(dir, "bad.js")).href}:3:4`,
      "    at node:internal/process/task_queues:95:5",
      "not a frame (/x.js:1:2",
    ].join("\n");
    expect(stackWithSources(stack, dir)).toBe(stack);
    expect(errWithSources("a string, not an error")).toBeDefined();
  });

  it("maps nothing outside the server's own files, whatever a message's text names", () => {
    // The bundled thrower has a good map beside it, but it is not under the server's folder:
    // a line shaped like its frame (as a client's text repeated in a message could be) stays as it is.
    expect(stackWithSources(stacks.fail)).toBe(stacks.fail);
    const hostile = `Error: bad name\n    at x (${dir}/out/../out/thrower.js:1:1)\n    at file:///%E0%A4%A:1:1`;
    expect(stackWithSources(hostile, dir)).toBe(hostile);
  });
});
