import { PageShell } from "@/components/ui/page-shell";
import { WaitingBlock } from "@/components/ui/waiting-block";

export default function ClientsLoading() {
  return (
    <PageShell title="Clientes" wide>
      <WaitingBlock title="Carregando seus clientes…" detail="Costuma levar menos de um segundo." />
    </PageShell>
  );
}
