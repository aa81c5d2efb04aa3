// The end of a switch over a closed set (a union of literals): `assertNever(x)` compiles only when
// every member has its case, so a member added to the set fails to compile where it is not handled.

export function assertNever(value: never, what = "value"): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(value)}`);
}
