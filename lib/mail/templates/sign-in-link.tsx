import { defineTemplate } from "./define";
import { Button, Layout, p } from "./layout";

type Props = { signInUrl: string; expiresInMinutes: number };

export const signInLink = defineTemplate<Props>({
  subject: () => "Seu link de acesso à Placa Paga",
  Html: (x) => (
    <Layout title="Entrar na Placa Paga" preview={`Link válido por ${x.expiresInMinutes} minutos.`}>
      <p style={p}>
        Use o botão abaixo para entrar. O link vale por {x.expiresInMinutes} minutos e só funciona
        uma vez.
      </p>
      <Button href={x.signInUrl}>Entrar</Button>
      <p style={p}>Se você não pediu este acesso, ignore este e-mail: ninguém entra sem o link.</p>
    </Layout>
  ),
  text: (x) =>
    [
      `Use o link abaixo para entrar. Ele vale por ${x.expiresInMinutes} minutos e só funciona uma vez.`,
      "",
      `Entrar: ${x.signInUrl}`,
      "",
      "Se você não pediu este acesso, ignore este e-mail: ninguém entra sem o link.",
    ].join("\n"),
});
