// The fuzzers' thread. A worker does not inherit the main thread's TypeScript loader, so it
// loads fuzzers.ts through tsx's API (the same tsx that runs every other tool here).
import { tsImport } from "tsx/esm/api";

await tsImport("./fuzzers.ts", import.meta.url);
