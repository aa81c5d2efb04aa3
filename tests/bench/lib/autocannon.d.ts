// Minimal types for autocannon 8 (it ships none and @types/autocannon is not installed): only
// what tests/bench uses.
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total?: number;
  };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }[];
  };
  export type Instance = {
    on(event: "reqError", listener: (error: Error & { code?: string }) => void): Instance;
  };
  function autocannon(options: Options): Promise<Result>;
  function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}
