// What "server-only" is in a bundle built for the server (scripts/build-dist.ts): nothing.
export {};
