// A storefront instance's background for tests/integration/radar-fleet.test.ts: its own process
// and Prisma client on the test's database, running Radar's two queues and the webhook inbox the
// way lib/background's tick does, until SIGTERM (then it hands its leases back, as a server does).
// With RADAR_DIE=<n> it instead claims n due scans with a 3 s lease, prints "held <ids>" and hangs
// until the test SIGKILLs it.
// Run: node --import tsx tests/support/radar-instance.ts (env: the test's, from childEnv()).
import "../../scripts/lib/allow-server-only";

const { registerReactions } = await import("../../lib/background/reactions");
registerReactions();

if (process.env.RADAR_DIE) {
  const { claim } = await import("../../lib/jobs/queue");
  const { scanJob } = await import("../../lib/radar/scan-job");
  const held = await claim(scanJob({ leaseMs: 3_000 }), Number(process.env.RADAR_DIE));
  console.log(`held ${held.rows.map((r) => r.id).join(",")}`);
  await new Promise(() => {});
}

const { radarPlanner, radarScans } = await import("../../lib/radar/workers");
const { webhookDispatcher } = await import("../../lib/webhooks/dispatch");
const { stopJobs } = await import("../../lib/jobs/runner");
let stopping = false;
process.on("SIGTERM", () => {
  stopping = true;
  void stopJobs(2_000).finally(() => process.exit(0));
});
console.log("ready");
while (!stopping) {
  await Promise.all([radarPlanner.kick(), radarScans.kick(), webhookDispatcher.kick()]);
  await new Promise((r) => setTimeout(r, 200));
}
