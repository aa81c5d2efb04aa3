"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageShell } from "@/components/ui/page-shell";

export default function ClientsError({ reset }: { error: Error; reset: () => void }) {
  return (
    <PageShell title="Clientes" wide>
      <Alert tone="danger" live title="Não foi possível carregar seus clientes">
        <p>Pode ter sido uma falha momentânea. Seus dados estão salvos.</p>
        <Button variant="secondary" className="mt-3" onClick={reset}>
          Tentar de novo
        </Button>
      </Alert>
    </PageShell>
  );
}
