// The specs' `test`: Playwright's, plus a check that no page it opened logged a React hydration
// error. The lookup, payment-choice, pay and status pages are server-rendered with their data
// (React Query initial data); a mismatch between that HTML and the browser's first render is
// silent on screen (React throws the HTML away and renders again) and would go unnoticed otherwise.
import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

// Production React reports a mismatch as minified errors 418 (text), 423 (recovered by rendering
// on the client) and 425 (text content); development builds spell out "hydration".
const HYDRATION_ERROR = /Minified React error #(418|423|425)\b|hydrat/i;

export const test = base.extend<{ hydrationErrors: void }>({
  hydrationErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: import("@playwright/test").Page) => {
        page.on("console", (message) => {
          if (message.type() === "error" && HYDRATION_ERROR.test(message.text()))
            errors.push(`${page.url()}: ${message.text()}`);
        });
        page.on("pageerror", (error) => {
          if (HYDRATION_ERROR.test(error.message)) errors.push(`${page.url()}: ${error.message}`);
        });
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use();
      base.expect(errors, "React hydration errors").toEqual([]);
    },
    { auto: true },
  ],
});
