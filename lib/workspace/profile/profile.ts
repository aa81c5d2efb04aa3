import "server-only";
import { db } from "@/lib/db/client";
import type { ProfileInput } from "@/lib/validation/profile-input";

// The despachante's name and office: what their clients read as the sender of a link (e-mail,
// WhatsApp text, the link page). Kept on the account's own row, scoped by the signed-in id.

export type ProfileView = { name: string; officeName: string; cnpj: string | null };

export async function updateProfile(userId: string, input: ProfileInput): Promise<ProfileView> {
  const row = await db.user.update({
    where: { id: userId },
    data: { name: input.name, officeName: input.officeName, officeCnpj: input.cnpj ?? null },
    select: { name: true, officeName: true, officeCnpj: true },
  });
  return { name: row.name, officeName: row.officeName ?? "", cnpj: row.officeCnpj };
}
