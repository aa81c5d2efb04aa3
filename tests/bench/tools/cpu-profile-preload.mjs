// Preload (NODE_OPTIONS="--import <this>") that writes a V8 CPU profile of the process to
// $CPU_PROFILE_DIR/<pid>.cpuprofile, for child processes a benchmark starts through npx/tsx, where
// --cpu-prof itself is not allowed in NODE_OPTIONS. By default from start to exit; with
// CPU_PROFILE_ON_SIGNAL=1 only between two SIGUSR2 (a window a tool chooses, start-up left out),
// written at the second one as <pid>-<n>.cpuprofile.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 200 });
  let running = false;
  let windows = 0;
  const start = () => {
    session.post("Profiler.start");
    running = true;
  };
  // Same-thread inspector sessions answer synchronously, so this completes inside a signal
  // listener or "exit".
  const write = (name) => {
    if (!running) return;
    running = false;
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  if (process.env.CPU_PROFILE_ON_SIGNAL === "1") {
    process.on("SIGUSR2", () => (running ? write(`${process.pid}-${++windows}`) : start()));
  } else {
    start();
    // On SIGTERM too: a server's own shutdown may never reach "exit" before the parent kills it.
    // The process's own signal handlers still run after this one.
    process.on("exit", () => write(String(process.pid)));
    process.once("SIGTERM", () => write(String(process.pid)));
    process.once("SIGINT", () => write(String(process.pid)));
  }
}
