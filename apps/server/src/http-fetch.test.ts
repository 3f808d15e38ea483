import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFetch } from "./http-fetch.ts";
import { freePort } from "./process-harness.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  // Echoes what arrived; /refuse answers 403 with a JSON error as the matchmaking route does.
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const status = req.url?.startsWith("/refuse") ? 403 : 200;
      res.writeHead(status, { "content-type": "application/json", "x-echo": "yes" });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body, error: status === 403 ? "not for you" : undefined }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("httpFetch", () => {
  it("sends the method, path, query, headers and body a fetch would, and reads the answer as fetch does", async () => {
    const body = JSON.stringify({ name: "Änn ✓", token: "t" });
    const answer = await httpFetch(`${base}/matchmake/joinById/abc?x=1`, {
      method: "POST",
      headers: new Headers({ "Content-Type": "application/json", "X-Forwarded-For": "10.0.0.7" }),
      body,
    });
    expect(answer.ok).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("X-Echo")).toBe("yes");
    expect(answer.headers.get("x-missing")).toBeNull();
    const echo = (await answer.json()) as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(echo.method).toBe("POST");
    expect(echo.url).toBe("/matchmake/joinById/abc?x=1");
    expect(echo.headers["content-type"]).toBe("application/json");
    expect(echo.headers["x-forwarded-for"]).toBe("10.0.0.7");
    expect(echo.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(echo.body).toBe(body);
  });

  it("gives a refusal's status and body, not ok", async () => {
    const answer = await httpFetch(`${base}/refuse`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(answer.ok).toBe(false);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: string }).error).toBe("not for you");
  });

  it("rejects with the connection's error code where nothing listens", async () => {
    const port = await freePort();
    await expect(httpFetch(`http://127.0.0.1:${port}/`, {})).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("rejects as an AbortError when its signal aborts", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(httpFetch(`${base}/`, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("serves the SDK: its request goes out and its refusal comes back as the SDK's error", async () => {
    const sdk = new Client(base.replace("http", "ws"), { fetchFn: httpFetch });
    const ok = await sdk.http.post("/echo" as never, { body: { hello: "there" } } as never);
    expect((ok.data as { body: string }).body).toBe(JSON.stringify({ hello: "there" }));
    await expect(sdk.http.post("/refuse" as never, { body: {} } as never)).rejects.toMatchObject({ code: 403, message: "not for you" });
  });
});
