import type { Metadata } from "next";
import { WorkspaceNav } from "@/components/workspace/workspace-nav";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: { template: "%s — área do despachante", default: "Área do despachante" }, robots: { index: false, follow: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  const user = await requirePageUser("/painel");
  return (
    <>
      <WorkspaceNav email={user.email} />
      {children}
    </>
  );
}
