// npm run bench:long-tasks [-- --loads 3 --only pay --cpu 4 --min 50]
// What fills each long task of a cold load: a Chromium trace (CPU slowed --cpu times, as Lighthouse's
// mobile setting assumes) of home, lookup, pay and status; every main-thread task over --min ms is
// printed with its start, its length and what ran inside it (script evaluations by chunk, function
// calls, parsing, style and layout, React's scheduler ticks). Total blocking time is the sum of
// each long task's part over 50 ms, so this says which task to split or shrink. A diagnostic, not
// a benchmark with a target (it is not in `npm run bench`).
import { arg } from "../lib/app-instance";
import { visitCustomerPages } from "../lib/chromium-pages";

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
};

const LOADS = Number(arg("loads", "3"));
const CPU = Number(arg("cpu", "4"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const LONG_MS = Number(arg("min", "50"));

/** A short label for an event inside a task: what kind of work, and for scripts which chunk. */
function label(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url = typeof data.url === "string" ? data.url.replace(/.*\//, "") : "";
  switch (event.name) {
    case "EvaluateScript":
      return `eval ${url || "(inline)"}`;
    case "FunctionCall":
      return `call ${url || "(inline)"}${data.functionName ? ` ${String(data.functionName)}` : ""}`;
    case "v8.compile":
    case "v8.compileModule":
      return `compile ${url}`;
    case "TimerFire":
    case "FireAnimationFrame":
    case "EventDispatch":
      return `${event.name}${data.type ? ` ${String(data.type)}` : ""}`;
    default:
      return event.name;
  }
}

function longTasks(events: TraceEvent[], url: string) {
  const main = rendererMain(events, url);
  if (!main) return { fcpMs: NaN, tasks: [] };
  const onMain = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined,
  );
  const navStart = main.navStart;
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur! / 1000 > LONG_MS);
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === main.pid);
  const fcpMs = fcp ? (fcp.ts - navStart) / 1000 : NaN;
  return {
    fcpMs,
    tasks: tasks.map((task) => {
      const end = task.ts + task.dur!;
      // Direct children only: events inside the task not inside another child.
      const inside = onMain
        .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end)
        .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
      const children: TraceEvent[] = [];
      let coveredUntil = -1;
      for (const e of inside) {
        if (e.ts >= coveredUntil) {
          children.push(e);
          coveredUntil = e.ts + e.dur!;
        }
      }
      const byLabel = new Map<string, number>();
      for (const child of children)
        byLabel.set(label(child), (byLabel.get(label(child)) ?? 0) + child.dur! / 1000);
      return {
        start: (task.ts - navStart) / 1000,
        ms: task.dur! / 1000,
        parts: [...byLabel.entries()].sort((a, b) => b[1] - a[1]),
      };
    }),
  };
}

/** The page's renderer main thread: where the navigation to the page's URL started. */
function rendererMain(events: TraceEvent[], url: string) {
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" && String(e.args?.data?.documentLoaderURL ?? "").startsWith(url),
  );
  return nav && { pid: nav.pid, tid: nav.tid, navStart: nav.ts };
}

async function main() {
  await visitCustomerPages("long-tasks", ONLY, async (browser, name, url) => {
    console.log(
      `\n== ${name}: tasks over ${LONG_MS} ms with the CPU slowed ${CPU}x (TBT counts the part over 50 ms)`,
    );
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({
        width: 412,
        height: 823,
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const cdp = await page.createCDPSession();
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
      await page.tracing.start({
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "blink.user_timing",
          "loading",
          "__metadata",
        ],
      });
      await page.goto(url, { waitUntil: "networkidle0" });
      await new Promise((r) => setTimeout(r, 1500));
      const buffer = await page.tracing.stop();
      await context.close();
      const { traceEvents } = JSON.parse(Buffer.from(buffer!).toString("utf8")) as {
        traceEvents: TraceEvent[];
      };
      const { fcpMs, tasks } = longTasks(traceEvents, url);
      const blocking = tasks.reduce((s, t) => s + Math.max(0, t.ms - 50), 0);
      console.log(
        `  load ${i + 1}: first contentful paint at ${fcpMs.toFixed(0)} ms; ${tasks.length} tasks over ${LONG_MS} ms, ${blocking.toFixed(0)} ms over 50 ms (from navigation start)`,
      );
      for (const task of tasks) {
        const parts = task.parts
          .slice(0, 6)
          .map(([what, ms]) => `${what} ${ms.toFixed(0)}`)
          .join(" · ");
        console.log(
          `    @${task.start.toFixed(0).padStart(5)} ms  ${task.ms.toFixed(0).padStart(4)} ms  ${parts}`,
        );
      }
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
