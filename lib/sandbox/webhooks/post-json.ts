import http from "node:http";
import https from "node:https";

// One webhook attempt over node:http(s) with keep-alive sockets: fetch costs several times the
// CPU per delivery (a Request, two AbortSignals and often a new socket each), the sandbox's
// biggest cost under a large batch. Redirects are not followed (a 3xx is an answer, not a 200).

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** The HTTP status of the answer, or null when there was none within `timeoutMs` (or `signal` aborted, or the connection failed). */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<number | null> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(null);
    }
    const agent =
      target.protocol === "https:"
        ? agents["https:"]
        : target.protocol === "http:"
          ? agents["http:"]
          : null;
    if (!agent || signal.aborted) return resolve(null);
    const request = (agent === agents["https:"] ? https : http).request(target, {
      method: "POST",
      agent,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      },
    });
    let settled = false;
    const settle = (status: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", abort);
      resolve(status);
    };
    // The whole attempt, answer included, must fit in the ack timeout.
    const abort = () => {
      request.destroy();
      settle(null);
    };
    const timer = setTimeout(abort, timeoutMs);
    signal.addEventListener("abort", abort, { once: true });
    request.on("response", (response) => {
      const status = response.statusCode ?? null;
      response.resume();
      response.on("end", () => settle(status));
      response.on("error", () => settle(null));
    });
    request.on("error", () => settle(null));
    request.end(body);
  });
}
