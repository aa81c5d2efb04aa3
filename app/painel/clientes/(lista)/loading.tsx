// In the (lista) group, beside the list page only: in app/painel/clientes/ this boundary also
// wrapped [clientId], whose notFound() (another account's client) was then streamed with HTTP 200
// instead of 404 (tests/e2e/workspace-authz.spec.ts).
import { PageShell } from "@/components/ui/page-shell";
import { WaitingBlock } from "@/components/ui/waiting-block";

export default function ClientsLoading() {
  return (
    <PageShell title="Clientes" wide>
      <WaitingBlock title="Carregando seus clientes…" detail="Costuma levar menos de um segundo." />
    </PageShell>
  );
}
