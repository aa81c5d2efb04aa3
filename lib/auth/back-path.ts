// Where sign-in returns to: only a workspace path of ours, never an address an attacker chose.
const WORKSPACE_PATH = /^\/painel(\/[\w\-/]*)?$/;

export function backPath(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && WORKSPACE_PATH.test(v) ? v : "/painel";
}
