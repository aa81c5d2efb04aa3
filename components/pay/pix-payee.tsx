import { pixPayeeWording, type Company } from "@/lib/rules/pix-trust";

/**
 * Who sells the service and why the PIX beneficiary is a payments company. Rendered by the server
 * page and handed down to the PIX code as a node, so the text ships as HTML, not JavaScript.
 */
export function PixPayee({ company }: { company: Company }) {
  const words = pixPayeeWording(company);
  return (
    <section
      aria-labelledby="pix-payee-title"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700"
    >
      <h3 id="pix-payee-title" className="font-semibold text-slate-900">
        Quem recebe este PIX, e por quê
      </h3>
      <p className="mt-1">{words.whoSells}</p>
      <p className="mt-2">{words.whyPaymentsCompany}</p>
    </section>
  );
}
