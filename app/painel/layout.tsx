import type { Metadata } from "next";
import { WorkspaceNav } from "@/components/workspace/workspace-nav";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = {
  title: { template: "%s — área do despachante", default: "Área do despachante" },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};
export const dynamic = "force-dynamic";

export default async function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  // The frame of every workspace page, the profile page included: each page asks for the profile itself.
  const user = await requirePageUser("/painel", { profile: false });
  return (
    <>
      <WorkspaceNav email={user.email} />
      {children}
    </>
  );
}
