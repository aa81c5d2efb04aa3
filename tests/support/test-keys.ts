// The sandbox key and webhook secret of test storefronts: their own module (no vitest import), so
// benchmarks run by plain tsx share them with the suites (tests/support/multi-instance.ts).
export const TEST_API_KEY = "sk_test_integration_key";
export const TEST_WEBHOOK_SECRET = "integration-webhook-secret-0123456789abcdef";
