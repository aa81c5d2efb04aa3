/** Shown on every page when the upstream key is an sk_test_ key: nothing here charges real money. */
export function TestEnvironmentBanner() {
  return (
    <div
      role="note"
      className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      Ambiente de testes: nenhuma cobrança real é feita e os dados são fictícios.
    </div>
  );
}
