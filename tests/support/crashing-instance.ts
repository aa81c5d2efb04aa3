// An instance that dies at the worst moment, for tests/integration/instance-crash.test.ts: on the
// test's database (env from the parent) it claims every pending webhook inbox row and takes the
// status-call slot of PAYMENT_ID, as a storefront does just before applying and calling upstream,
// prints "held <rows>", and hangs until the test SIGKILLs it.
// Run: node --import tsx tests/support/crashing-instance.ts
import "../../scripts/lib/allow-server-only";

const { claim } = await import("../../lib/jobs/queue");
const { webhookInbox } = await import("../../lib/webhooks/dispatch");
const { takeStatusCallSlot } = await import("../../lib/payments/status-call-spacing");

const held = await claim(webhookInbox, 1_000);
const slot = await takeStatusCallSlot(process.env.PAYMENT_ID!);
console.log(`held ${held.rows.length} ${slot ? "slot" : "no-slot"}`);
await new Promise(() => {});
