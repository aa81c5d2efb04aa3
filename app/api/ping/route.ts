// GET /api/ping – trivial JSON answer: the baseline the webhook benchmark compares ingest against.
export function GET() {
  return Response.json({ ok: true });
}
