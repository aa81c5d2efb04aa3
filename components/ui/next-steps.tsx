/** "O que fazer agora": a short list of next steps, most likely first. */
export function NextSteps({
  steps,
  title = "O que fazer agora",
}: {
  steps: string[];
  title?: string;
}) {
  return (
    <div className="mt-2">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </div>
  );
}
