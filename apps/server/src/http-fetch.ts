/**
 * The SDK's matchmaking request for a benchmark's thousand clients, sent with node:http instead of
 * Node's built-in fetch (the SDK's `fetchFn` option).
 *
 * Node's fetch is undici written in JavaScript, with web streams, a `Headers` object per request
 * and an AbortController per body: 13–17 % of the bench clients' CPU in bench:recovery's client
 * profile, on the same two cores as the server it measures (a browser's fetch is native and on the
 * person's own machine). The server receives the same request: method, path, query, the SDK's
 * headers and JSON body, over a kept-alive connection as undici's pool keeps them. It answers as
 * fetch would for what the SDK reads: `ok`, `status`, `statusText`, `headers.get`, `json()`,
 * `text()`; a refused connection rejects with its `code` (ECONNREFUSED), which the SDK reads.
 */
import { Agent, request } from "node:http";

/** One pool for every client of the process, as undici's global dispatcher is. */
const agent = new Agent({ keepAlive: true, keepAliveMsecs: 4_000 });

interface Answer {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  text(): Promise<string>;
}

function headerRecord(headers: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (!headers) return record;
  if (headers instanceof Headers) headers.forEach((value, name) => (record[name] = value));
  else if (Array.isArray(headers)) for (const [name, value] of headers as [string, string][]) record[name.toLowerCase()] = String(value);
  else for (const [name, value] of Object.entries(headers as Record<string, string>)) record[name.toLowerCase()] = String(value);
  return record;
}

export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  const body = typeof init.body === "string" ? init.body : init.body == null ? undefined : String(init.body);
  const headers = headerRecord(init.headers);
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise<Response>((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const status = res.statusCode ?? 0;
        const answer: Answer = {
          ok: status >= 200 && status < 300,
          status,
          statusText: res.statusMessage ?? "",
          headers: {
            get: (name) => {
              const value = res.headers[name.toLowerCase()];
              return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
            },
          },
          json: async () => JSON.parse(text),
          text: async () => text,
        };
        resolve(answer as unknown as Response);
      });
    });
    req.on("error", reject);
    const signal = init.signal;
    if (signal) {
      const abort = () => req.destroy(Object.assign(new Error("the request was aborted"), { name: "AbortError" }));
      if (signal.aborted) abort();
      else signal.addEventListener("abort", abort, { once: true });
    }
    req.end(body);
  });
}
