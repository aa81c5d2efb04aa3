export default function HomePage() {
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Pague os débitos do seu veículo</h1>
      <p className="mt-3 text-slate-700">Multas, IPVA e licenciamento em um só lugar, com cartão em até 12x ou PIX.</p>
    </main>
  );
}
