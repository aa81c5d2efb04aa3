// GET /desenvolvedores/api/assets/{file} – the reference page's renderer (swagger-ui) and its start script.
import { referenceAsset } from "@/lib/api/reference";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return referenceAsset((await params).file, request.headers);
}
